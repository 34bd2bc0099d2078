-- 0005_budgets: usage per user that outlives its conversations, per-user budget overrides, per-call prompt layers.
-- Append-only: never edit once applied.

-- One row per model call, copied from usage_ledger by the trigger below in the same transaction. It has no foreign
-- key to conversations on purpose: deleting a conversation (or a retention clean-up of conversations) keeps the
-- user's totals, which budgets and GET /v1/usage read.
CREATE TABLE user_usage (
  id TEXT PRIMARY KEY,
  owner_id TEXT NOT NULL,
  conversation_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  model_id TEXT NOT NULL,
  input_tokens INTEGER NOT NULL CHECK (input_tokens >= 0),
  output_tokens INTEGER NOT NULL CHECK (output_tokens >= 0),
  cache_read_tokens INTEGER NOT NULL CHECK (cache_read_tokens >= 0),
  cache_write_tokens INTEGER NOT NULL CHECK (cache_write_tokens >= 0),
  cost_usd REAL NOT NULL CHECK (cost_usd >= 0),
  naive_cost_usd REAL NOT NULL CHECK (naive_cost_usd >= 0),
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX user_usage_by_owner ON user_usage (owner_id, created_at);
CREATE INDEX user_usage_by_conversation ON user_usage (conversation_id, created_at);

CREATE TRIGGER usage_ledger_copies_to_user_usage AFTER INSERT ON usage_ledger
BEGIN
  INSERT OR IGNORE INTO user_usage (id, owner_id, conversation_id, kind, model_id, input_tokens, output_tokens,
    cache_read_tokens, cache_write_tokens, cost_usd, naive_cost_usd, created_at)
  SELECT NEW.id, c.owner_id, NEW.conversation_id, NEW.kind, NEW.model_id, NEW.input_tokens, NEW.output_tokens,
    NEW.cache_read_tokens, NEW.cache_write_tokens, NEW.cost_usd, NEW.naive_cost_usd, NEW.created_at
  FROM conversations c WHERE c.id = NEW.conversation_id;
END;

INSERT OR IGNORE INTO user_usage (id, owner_id, conversation_id, kind, model_id, input_tokens, output_tokens,
  cache_read_tokens, cache_write_tokens, cost_usd, naive_cost_usd, created_at)
SELECT u.id, c.owner_id, u.conversation_id, u.kind, u.model_id, u.input_tokens, u.output_tokens, u.cache_read_tokens,
  u.cache_write_tokens, u.cost_usd, u.naive_cost_usd, u.created_at
FROM usage_ledger u JOIN conversations c ON c.id = u.conversation_id;

-- Per-user budget overrides: a JSON object of limits (see src/pipeline/budget), each replacing the environment's.
CREATE TABLE user_budgets (
  owner_id TEXT PRIMARY KEY,
  limits TEXT NOT NULL CHECK (json_valid(limits) AND json_type(limits) = 'object'),
  updated_at TEXT NOT NULL
) STRICT;

-- Main calls: the prompt's layer token estimates and cache points (the assembly report), for the console.
ALTER TABLE usage_ledger ADD COLUMN prompt_layers TEXT CHECK (prompt_layers IS NULL OR json_valid(prompt_layers));
