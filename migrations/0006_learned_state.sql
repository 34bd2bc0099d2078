-- 0006_learned_state: what the service learns from Bedrock's answers, shared by every process and isolate.
-- Append-only: never edit once applied.

-- Per-model token correction (actual / estimated input tokens, see src/pipeline/tokens). `model_key` is the base
-- model id (inference profiles share it). `version` counts writes: a write names the version it read, so two
-- processes learning at once never overwrite each other's sample unseen.
CREATE TABLE token_corrections (
  model_key TEXT PRIMARY KEY,
  ratio REAL NOT NULL CHECK (ratio > 0),
  samples INTEGER NOT NULL CHECK (samples >= 0),
  version INTEGER NOT NULL CHECK (version >= 1),
  updated_at TEXT NOT NULL
) STRICT;

-- Per conversation: the last main call's prompt fingerprint and the cache watch (checkpoints that keep writing
-- without a read), both JSON owned by src/pipeline/cost. One row per conversation, replaced after each turn.
CREATE TABLE prompt_cache_state (
  conversation_id TEXT PRIMARY KEY REFERENCES conversations (id) ON DELETE CASCADE,
  fingerprint TEXT NOT NULL CHECK (json_valid(fingerprint)),
  watch TEXT NOT NULL CHECK (json_valid(watch)),
  updated_at TEXT NOT NULL
) STRICT;
