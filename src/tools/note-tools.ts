// Domain `notes`: free-text notes the user keeps, found again by words in their title or body.
import { buildConditions } from './build-conditions.ts';
import { buildUpdate } from './build-update.ts';
import { defineInput, optional, text } from './define-input.ts';
import { defineTool, fail, failNotFound, succeed } from './define-tool.ts';
import { containsPattern, DEFAULT_LIST_LIMIT, LIMIT_FIELD, readRecords, toListOutcome } from './read-records.ts';
import type { ToolPackEntry } from './tool-handler.ts';

const TAGS = ['notes'];
/** Longest note body: a page of text, small enough to read back whole with get_note. */
const MAX_BODY = 10_000;
/** Characters of body shown per search hit: enough to recognise the note. */
const SNIPPET_LENGTH = 120;
const NOTE_ID = text('Id of the note, as returned by create_note or search_notes.', 64);
const TITLE = text('Short title.', 200);

const createNote = defineTool({
  name: 'create_note',
  description: 'Saves a note for the user (ideas, facts to remember, meeting notes). Returns its id.',
  tags: TAGS,
  input: defineInput({ title: TITLE, body: text('The note text.', MAX_BODY) }),
  run: async (input, { database, userId, now, newId }) => {
    const stamp = now.toISOString();
    const result = await database.write({
      sql:
        'INSERT INTO notes (id, user_id, title, body, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id, title, created_at',
      args: [newId(), userId, input.title, input.body, stamp, stamp],
    });
    return succeed({ created: readRecords(result)[0] });
  },
});

const searchNotes = defineTool({
  name: 'search_notes',
  description:
    "Finds the user's notes containing the given words (every word must appear in title or body), newest first; without query lists recent notes. Returns ids, titles and a snippet: use get_note for the full text.",
  tags: TAGS,
  input: defineInput({ query: optional(text('Words to look for.', 200)), limit: LIMIT_FIELD }),
  run: async (input, { database, userId }) => {
    const where = buildConditions(userId);
    for (const word of (input.query ?? '').split(/\s+/).filter((part) => part !== '')) {
      where.add("(title LIKE ? ESCAPE '\\' OR body LIKE ? ESCAPE '\\')", containsPattern(word), containsPattern(word));
    }
    const result = await database.read({
      sql: `SELECT id, title, substr(body, 1, ${SNIPPET_LENGTH}) AS snippet, updated_at, COUNT(*) OVER () AS total_count
            FROM notes WHERE ${where.sql} ORDER BY updated_at DESC, id LIMIT ?`,
      args: [...where.args, input.limit ?? DEFAULT_LIST_LIMIT],
    });
    return toListOutcome(result);
  },
});

const getNote = defineTool({
  name: 'get_note',
  description: 'Reads one note in full.',
  tags: TAGS,
  input: defineInput({ note_id: NOTE_ID }),
  run: async (input, { database, userId }) => {
    const result = await database.read({
      sql: 'SELECT id, title, body, created_at, updated_at FROM notes WHERE id = ? AND user_id = ?',
      args: [input.note_id, userId],
    });
    const note = readRecords(result)[0];
    return note === undefined ? failNotFound('note', input.note_id) : succeed(note);
  },
});

const updateNote = defineTool({
  name: 'update_note',
  description:
    'Changes a note: a new title, a replacement body, or text appended to the end (give body or append, not both).',
  tags: TAGS,
  input: defineInput({
    note_id: NOTE_ID,
    title: optional(TITLE),
    body: optional(text('New text replacing the body.', MAX_BODY)),
    append: optional(text('Text to add at the end, on a new line.', MAX_BODY)),
  }),
  run: async (input, { database, userId, now }) => {
    if (input.body !== undefined && input.append !== undefined) {
      return fail('update_note: give body or append, not both');
    }
    let body = input.body;
    if (input.append !== undefined) {
      const current = readRecords(
        await database.read({
          sql: 'SELECT body FROM notes WHERE id = ? AND user_id = ?',
          args: [input.note_id, userId],
        }),
      )[0];
      if (current === undefined) return failNotFound('note', input.note_id);
      body = `${String(current['body'])}\n${input.append}`;
      if (body.length > MAX_BODY) {
        return fail(`update_note: the note would exceed ${MAX_BODY} characters: start a new note`);
      }
    }
    const statement = buildUpdate({
      table: 'notes',
      id: input.note_id,
      userId,
      now,
      returning: ['id', 'title', 'updated_at', 'length(body) AS body_length'],
      changes: { title: input.title, body },
    });
    if (statement === null) return fail('update_note: nothing to change: give at least one of title, body, append');
    const note = readRecords(await database.write(statement))[0];
    return note === undefined ? failNotFound('note', input.note_id) : succeed({ updated: note });
  },
});

const deleteNote = defineTool({
  name: 'delete_note',
  description: 'Deletes a note for good.',
  tags: TAGS,
  input: defineInput({ note_id: NOTE_ID }),
  run: async (input, { database, userId }) => {
    const result = await database.write({
      sql: 'DELETE FROM notes WHERE id = ? AND user_id = ? RETURNING id, title',
      args: [input.note_id, userId],
    });
    const note = readRecords(result)[0];
    return note === undefined ? failNotFound('note', input.note_id) : succeed({ deleted: note });
  },
});

/** The `notes` domain tools. Every statement is scoped to the calling user. */
export const NOTE_TOOLS: readonly ToolPackEntry[] = [createNote, searchNotes, getNote, updateNote, deleteNote];
