// Domain `reading`: the user's reading list of books, articles and papers, with status and a 1-5 rating.
import { buildConditions } from './build-conditions.ts';
import { buildUpdate } from './build-update.ts';
import { choice, defineInput, integer, optional, text } from './define-input.ts';
import { defineTool, fail, failNotFound, succeed } from './define-tool.ts';
import { containsPattern, DEFAULT_LIST_LIMIT, LIMIT_FIELD, readRecords, toListOutcome } from './read-records.ts';
import type { ToolPackEntry } from './tool-handler.ts';

const TAGS = ['reading'];
const COLUMNS = ['id', 'title', 'author', 'url', 'kind', 'status', 'rating', 'notes', 'finished_at'];
const ITEM_ID = text('Id of the reading-list item, as returned by add_reading_item or list_reading_items.', 64);
const KIND = choice('What it is.', ['book', 'article', 'paper', 'other']);
const STATUS = choice('Reading status.', ['want', 'reading', 'finished', 'abandoned']);

const addReadingItem = defineTool({
  name: 'add_reading_item',
  description: "Adds a book, article or paper to the user's reading list (status defaults to want, kind to book).",
  tags: TAGS,
  input: defineInput({
    title: text('Title.', 300),
    author: optional(text('Author(s).', 200)),
    url: optional(text('Link, if any.', 2000)),
    kind: optional(KIND),
    status: optional(STATUS),
  }),
  run: async (input, { database, userId, now, newId }) => {
    const stamp = now.toISOString();
    const status = input.status ?? 'want';
    const result = await database.write({
      sql:
        `INSERT INTO reading_items (id, user_id, title, author, url, kind, status, created_at, updated_at, finished_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING ${COLUMNS.join(', ')}`,
      args: [
        newId(),
        userId,
        input.title,
        input.author ?? null,
        input.url ?? null,
        input.kind ?? 'book',
        status,
        stamp,
        stamp,
        status === 'finished' ? stamp : null,
      ],
    });
    return succeed({ created: readRecords(result)[0] });
  },
});

const listReadingItems = defineTool({
  name: 'list_reading_items',
  description: "Lists the user's reading list, newest first. Filters: status, kind, words in title or author.",
  tags: TAGS,
  input: defineInput({
    status: optional(STATUS),
    kind: optional(KIND),
    text: optional(text('Words to find in title or author.', 200)),
    limit: LIMIT_FIELD,
  }),
  run: async (input, { database, userId }) => {
    const where = buildConditions(userId);
    if (input.status !== undefined) where.add('status = ?', input.status);
    if (input.kind !== undefined) where.add('kind = ?', input.kind);
    if (input.text !== undefined) {
      where.add(
        "(title LIKE ? ESCAPE '\\' OR author LIKE ? ESCAPE '\\')",
        containsPattern(input.text),
        containsPattern(input.text),
      );
    }
    const result = await database.read({
      sql: `SELECT ${
        COLUMNS.join(', ')
      }, COUNT(*) OVER () AS total_count FROM reading_items WHERE ${where.sql} ORDER BY created_at DESC, id LIMIT ?`,
      args: [...where.args, input.limit ?? DEFAULT_LIST_LIMIT],
    });
    return toListOutcome(result);
  },
});

const updateReadingItem = defineTool({
  name: 'update_reading_item',
  description:
    "Updates a reading-list item: status (e.g. started or finished it), rating 1-5, or the user's notes on it.",
  tags: TAGS,
  input: defineInput({
    item_id: ITEM_ID,
    status: optional(STATUS),
    rating: optional(integer('Rating, 1 (poor) to 5 (excellent).', 1, 5)),
    notes: optional(text("The user's thoughts on it.", 2000)),
  }),
  run: async (input, { database, userId, now }) => {
    const finishedAt = input.status === undefined ? undefined : input.status === 'finished' ? now.toISOString() : null;
    const changes = { status: input.status, rating: input.rating, notes: input.notes, finished_at: finishedAt };
    const statement = buildUpdate({
      table: 'reading_items',
      id: input.item_id,
      userId,
      now,
      returning: COLUMNS,
      changes,
    });
    if (statement === null) {
      return fail('update_reading_item: nothing to change: give at least one of status, rating, notes');
    }
    const item = readRecords(await database.write(statement))[0];
    return item === undefined ? failNotFound('reading-list item', input.item_id) : succeed({ updated: item });
  },
});

const removeReadingItem = defineTool({
  name: 'remove_reading_item',
  description: 'Removes an item from the reading list for good (to keep it as given up, set status abandoned instead).',
  tags: TAGS,
  input: defineInput({ item_id: ITEM_ID }),
  run: async (input, { database, userId }) => {
    const result = await database.write({
      sql: 'DELETE FROM reading_items WHERE id = ? AND user_id = ? RETURNING id, title',
      args: [input.item_id, userId],
    });
    const item = readRecords(result)[0];
    return item === undefined ? failNotFound('reading-list item', input.item_id) : succeed({ removed: item });
  },
});

/** The `reading` domain tools. Every statement is scoped to the calling user. */
export const READING_TOOLS: readonly ToolPackEntry[] = [
  addReadingItem,
  listReadingItems,
  updateReadingItem,
  removeReadingItem,
];
