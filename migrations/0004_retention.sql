-- 0004_retention: what the scheduled clean-up needs: time indexes, a mark on expired tool results, per-user rollups.
-- Append-only: never edit once applied. Runs before 0005 on a fresh database, so it touches no table 0005 creates.

-- Idempotency rows expire by age (IDEMPOTENCY_TTL_HOURS), whatever their status.
CREATE INDEX idempotency_by_time ON idempotency_keys (created_at);

-- The usage ledger (per conversation, with prompt layers) is kept USAGE_RETENTION_DAYS.
CREATE INDEX usage_by_time ON usage_ledger (created_at);

-- Tool results older than TOOL_RESULT_RETENTION_DAYS have their text replaced by a marker (the toolUse/toolResult
-- pairing stays valid); the column records when, so a message is rewritten once and leaves the index below.
ALTER TABLE messages ADD COLUMN tool_results_removed_at TEXT;
CREATE INDEX messages_tool_results_to_expire ON messages (created_at)
  WHERE tool_results_removed_at IS NULL AND role = 'user' AND instr(content, '"type":"tool_result"') > 0;

-- Per-user totals of usage rows the clean-up folded away (older than the retention, always outside the budgets'
-- rolling month): lifetime totals stay exact while the per-call rows go.
CREATE TABLE user_usage_rollup (
  owner_id TEXT PRIMARY KEY,
  calls INTEGER NOT NULL CHECK (calls >= 0),
  input_tokens INTEGER NOT NULL CHECK (input_tokens >= 0),
  output_tokens INTEGER NOT NULL CHECK (output_tokens >= 0),
  cache_read_tokens INTEGER NOT NULL CHECK (cache_read_tokens >= 0),
  cache_write_tokens INTEGER NOT NULL CHECK (cache_write_tokens >= 0),
  cost_usd REAL NOT NULL CHECK (cost_usd >= 0),
  naive_cost_usd REAL NOT NULL CHECK (naive_cost_usd >= 0),
  through TEXT NOT NULL
) STRICT;
