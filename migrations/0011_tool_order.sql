-- 0011_tool_order: the order a conversation's last request sent its domain tools in (each tool keeps its place, new
-- ones come last), so a change that only adds tools leaves the cached prefix of the tools kept. selected_tools stays
-- the list most recently used first (which tool goes first). NULL until a request was sent in this order.
-- Append-only: never edit once applied.
ALTER TABLE conversations ADD COLUMN tool_order TEXT CHECK (tool_order IS NULL OR json_valid(tool_order));
