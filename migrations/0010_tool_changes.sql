-- 0010_tool_changes: how often a conversation's domain tool selection changed (each change rewrites the cached prompt
-- prefix behind the tools), read with the gaps between user messages to choose the cache TTL (src/pipeline/cache-ttl).
-- Append-only: never edit once applied.
ALTER TABLE conversations ADD COLUMN tool_changes INTEGER NOT NULL DEFAULT 0 CHECK (tool_changes >= 0);
