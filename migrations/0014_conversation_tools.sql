-- 0014_conversation_tools: the domain tools each conversation ran, those of them its tool list lacked when the turn
-- that ran them began (found through find_tools, or offered only as a staple), and when it last ran one: a turn reads
-- these of the deployment's latest conversations to learn its staples (src/pipeline/tool-selection/find-staple-tools.ts)
-- without scanning the table. Tool names only; deleted with the conversation. Append-only: never edit once applied.
ALTER TABLE conversations ADD COLUMN ran_tools TEXT;
ALTER TABLE conversations ADD COLUMN late_tools TEXT;
ALTER TABLE conversations ADD COLUMN tools_ran_at TEXT;
CREATE INDEX conversations_by_tool_use ON conversations (tools_ran_at) WHERE tools_ran_at IS NOT NULL;
