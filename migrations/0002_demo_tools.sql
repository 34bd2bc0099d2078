-- 0002_demo_tools: the tables of the demo tool pack (src/tools/). Append-only: never edit once applied.
-- Every row belongs to one user (user_id = the token's sub) and every tool query filters on it.
-- Times are ISO-8601 UTC text (Date.toISOString), so they sort as text; dates are YYYY-MM-DD.

CREATE TABLE user_preferences (
  user_id TEXT NOT NULL,
  key TEXT NOT NULL,
  value TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (user_id, key)
) STRICT;

-- What the user cancelled in a conversation (the `cancel` tool); derived from the conversation, so deleted with it.
CREATE TABLE cancellations (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  target TEXT NOT NULL,
  reason TEXT,
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX cancellations_by_conversation ON cancellations (conversation_id, created_at);

CREATE TABLE goals (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  title TEXT NOT NULL,
  description TEXT,
  target_date TEXT,
  progress INTEGER NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'achieved', 'archived')),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;
CREATE INDEX goals_by_user ON goals (user_id, status, created_at);

CREATE TABLE tasks (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  title TEXT NOT NULL,
  notes TEXT,
  priority TEXT NOT NULL DEFAULT 'normal' CHECK (priority IN ('low', 'normal', 'high')),
  due_date TEXT,
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'done')),
  goal_id TEXT REFERENCES goals (id) ON DELETE SET NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  completed_at TEXT
) STRICT;
CREATE INDEX tasks_by_user ON tasks (user_id, status, due_date);
CREATE INDEX tasks_by_goal ON tasks (goal_id) WHERE goal_id IS NOT NULL;

CREATE TABLE reading_items (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  title TEXT NOT NULL,
  author TEXT,
  url TEXT,
  kind TEXT NOT NULL DEFAULT 'book' CHECK (kind IN ('book', 'article', 'paper', 'other')),
  status TEXT NOT NULL DEFAULT 'want' CHECK (status IN ('want', 'reading', 'finished', 'abandoned')),
  rating INTEGER CHECK (rating IS NULL OR rating BETWEEN 1 AND 5),
  notes TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  finished_at TEXT
) STRICT;
CREATE INDEX reading_items_by_user ON reading_items (user_id, status, created_at);

CREATE TABLE notes (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  title TEXT NOT NULL,
  body TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;
CREATE INDEX notes_by_user ON notes (user_id, updated_at);

CREATE TABLE reminders (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  text TEXT NOT NULL,
  due_at TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'dismissed')),
  snooze_count INTEGER NOT NULL DEFAULT 0 CHECK (snooze_count >= 0),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;
CREATE INDEX reminders_by_user ON reminders (user_id, status, due_at);

CREATE TABLE habits (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  name TEXT NOT NULL,
  frequency TEXT NOT NULL CHECK (frequency IN ('daily', 'weekly')),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;
CREATE INDEX habits_by_user ON habits (user_id, name);

-- One row per habit per day it was done; the habit's owner is the only one who can add them.
CREATE TABLE habit_checkins (
  habit_id TEXT NOT NULL REFERENCES habits (id) ON DELETE CASCADE,
  day TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (habit_id, day)
) STRICT;

CREATE TABLE contacts (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  name TEXT NOT NULL,
  email TEXT,
  phone TEXT,
  birthday TEXT,
  notes TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;
CREATE INDEX contacts_by_user ON contacts (user_id, name);
