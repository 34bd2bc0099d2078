-- 0012_tool_co_use: which domain tools the deployment's turns ran together (see
-- src/pipeline/tool-selection/learn-tool-co-use.ts), so a change of the tool list offers a tool with the steps that
-- usually come with it. Tool names and counts only: no conversation, owner or message text. Shared by every owner's
-- conversations on the database, like the token corrections. Append-only: never edit once applied.
CREATE TABLE tool_co_use (
  tool TEXT NOT NULL,
  partner TEXT NOT NULL,
  turns INTEGER NOT NULL CHECK (turns >= 1),
  updated_at TEXT NOT NULL,
  PRIMARY KEY (tool, partner)
) STRICT, WITHOUT ROWID;
