-- 0003_turn_journal: what a turn with an Idempotency-Key already did, so a retry replays it instead of doing it again;
-- and how many messages left the context unsummarised.
-- Append-only: never edit once applied.

-- One row per model step that asked for tools: the assistant's content (its toolUse blocks name each call's id and
-- input), written before any of those tools runs, and each call's result appended as soon as it returns. A retry
-- with the same key and the same message replays the steps (no model call) and the recorded results (no execution).
-- Deleted when the turn is stored; rows of another message under the same key are ignored and replaced.
CREATE TABLE turn_journal (
  owner_id TEXT NOT NULL,
  conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  idempotency_key TEXT NOT NULL,
  request_hash TEXT NOT NULL,
  step INTEGER NOT NULL CHECK (step >= 1),
  turn_id TEXT NOT NULL,
  assistant TEXT NOT NULL CHECK (json_valid(assistant)),
  results TEXT NOT NULL CHECK (json_valid(results)),
  updated_at TEXT NOT NULL,
  PRIMARY KEY (owner_id, conversation_id, idempotency_key, step)
) STRICT;
-- The cascade deletes by conversation_id alone, which the primary key cannot serve.
CREATE INDEX turn_journal_by_conversation ON turn_journal (conversation_id);

-- Messages that left the context without being summarised (the summariser kept failing and coverage moved past
-- them): counted, so the usage answer shows the loss instead of hiding it.
ALTER TABLE conversation_memory ADD COLUMN unsummarised_messages INTEGER NOT NULL DEFAULT 0
  CHECK (unsummarised_messages >= 0);
