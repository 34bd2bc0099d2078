-- 0007_user_usage_by_time: lets the retention clean-up find old per-user usage rows without scanning the table.
-- Append-only: never edit once applied. (0004 runs before 0005 on a fresh database, so this index on 0005's table
-- could not go there.)
CREATE INDEX user_usage_by_time ON user_usage (created_at);
