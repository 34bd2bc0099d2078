-- 0001_core: the chat service's tables. Append-only: never edit once applied (migrate() checks checksums).
-- Times are ISO-8601 UTC text (Date.toISOString), except turn_lock_until (epoch milliseconds, a lease).
-- JSON columns are TEXT checked with json_valid. Every table hangs off conversations ON DELETE CASCADE.

CREATE TABLE conversations (
  id TEXT PRIMARY KEY,
  owner_id TEXT NOT NULL,
  title TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  session_id TEXT,
  session_started_at TEXT,
  last_activity_at TEXT,
  selected_tools TEXT CHECK (selected_tools IS NULL OR json_valid(selected_tools)),
  turn_lock_until INTEGER,
  turn_lock_owner TEXT
) STRICT;
CREATE INDEX conversations_by_owner ON conversations (owner_id, updated_at);

CREATE TABLE messages (
  id TEXT PRIMARY KEY,
  conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  seq INTEGER NOT NULL CHECK (seq >= 1),
  role TEXT NOT NULL CHECK (role IN ('user', 'assistant')),
  content TEXT NOT NULL CHECK (json_valid(content) AND json_type(content) = 'array'),
  text TEXT NOT NULL,
  visible INTEGER NOT NULL CHECK (visible IN (0, 1)),
  token_estimate INTEGER NOT NULL CHECK (token_estimate >= 0),
  turn_id TEXT,
  created_at TEXT NOT NULL,
  UNIQUE (conversation_id, seq)
) STRICT;
-- History pages read only visible messages, newest first.
CREATE INDEX messages_visible ON messages (conversation_id, seq) WHERE visible = 1;
CREATE INDEX messages_by_turn ON messages (turn_id, seq) WHERE turn_id IS NOT NULL;

CREATE TABLE conversation_memory (
  conversation_id TEXT PRIMARY KEY REFERENCES conversations (id) ON DELETE CASCADE,
  summary TEXT NOT NULL DEFAULT '',
  updated_at TEXT NOT NULL,
  covers_up_to_seq INTEGER NOT NULL DEFAULT 0 CHECK (covers_up_to_seq >= 0),
  version INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
  summary_tokens INTEGER NOT NULL DEFAULT 0 CHECK (summary_tokens >= 0),
  gaps TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(gaps) AND json_type(gaps) = 'array'),
  gap_count INTEGER NOT NULL DEFAULT 0 CHECK (gap_count >= 0)
) STRICT;

CREATE TABLE usage_ledger (
  id TEXT PRIMARY KEY,
  conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  turn_id TEXT,
  kind TEXT NOT NULL CHECK (kind IN ('main', 'selector', 'summariser')),
  model_id TEXT NOT NULL,
  input_tokens INTEGER NOT NULL CHECK (input_tokens >= 0),
  output_tokens INTEGER NOT NULL CHECK (output_tokens >= 0),
  cache_read_tokens INTEGER NOT NULL CHECK (cache_read_tokens >= 0),
  cache_write_tokens INTEGER NOT NULL CHECK (cache_write_tokens >= 0),
  naive_input_tokens INTEGER NOT NULL CHECK (naive_input_tokens >= 0),
  estimated_input_tokens INTEGER NOT NULL CHECK (estimated_input_tokens >= 0),
  cost_usd REAL NOT NULL CHECK (cost_usd >= 0),
  naive_cost_usd REAL NOT NULL CHECK (naive_cost_usd >= 0),
  cache_miss_reason TEXT,
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX usage_by_conversation ON usage_ledger (conversation_id, turn_id);

CREATE TABLE idempotency_keys (
  owner_id TEXT NOT NULL,
  conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  key TEXT NOT NULL,
  request_hash TEXT NOT NULL,
  response TEXT CHECK (response IS NULL OR json_valid(response)),
  status TEXT NOT NULL CHECK (status IN ('pending', 'done')),
  created_at TEXT NOT NULL,
  PRIMARY KEY (owner_id, conversation_id, key)
) STRICT;
-- The cascade deletes by conversation_id alone, which the primary key cannot serve.
CREATE INDEX idempotency_by_conversation ON idempotency_keys (conversation_id);

CREATE TABLE turns (
  id TEXT PRIMARY KEY,
  conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  status TEXT NOT NULL CHECK (status IN ('running', 'complete', 'failed')),
  user_message_seq INTEGER,
  started_at TEXT NOT NULL,
  finished_at TEXT,
  error_code TEXT
) STRICT;
CREATE INDEX turns_by_conversation ON turns (conversation_id, started_at);
CREATE INDEX turns_running ON turns (conversation_id) WHERE status = 'running';

CREATE TABLE asset_exposures (
  conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  session_id TEXT NOT NULL,
  asset_id TEXT NOT NULL,
  message_seq INTEGER NOT NULL,
  tool_use_id TEXT,
  created_at TEXT NOT NULL,
  PRIMARY KEY (conversation_id, session_id, asset_id)
) STRICT;
