-- 0013_turns_by_start: the start times of the deployment's latest turns, whatever the conversation, read at the start of
-- each turn without scanning the table. The prompt prefix every conversation shares (the standard tools) is cached
-- once for all of them, so its cache lifetime follows the gaps between all turns (src/pipeline/cache-ttl).
-- Append-only: never edit once applied.
CREATE INDEX turns_by_start ON turns (started_at);
