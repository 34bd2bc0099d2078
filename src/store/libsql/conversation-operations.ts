// Conversations themselves: create (with its empty memory), read, delete with everything derived, sticky state.
import type { InStatement } from '@libsql/client';
import { AppError } from '../../errors.ts';
import type { ConversationStore } from '../conversation-store.ts';
import type { ConversationScope } from '../store-records.ts';
import { CONVERSATION_COLUMNS, toConversation, writeNames } from './map-records.ts';
import { notFound, nowIso, OWNED, ownerArgs, type StoreContext } from './store-context.ts';

/**
 * Every (table, column) with a foreign key to conversations, read from the schema (so later migrations' tables count).
 * deleteConversation deletes their rows explicitly too: a remote libSQL connection may run without foreign_keys.
 */
const DERIVED_COLUMNS_SQL =
  'SELECT m.name AS table_name, f."from" AS column_name FROM sqlite_master m, pragma_foreign_key_list(m.name) f ' +
  "WHERE m.type = 'table' AND f.\"table\" = 'conversations' ORDER BY m.name";
const MAX_ID_LENGTH = 200;

type ConversationOperations = Pick<
  ConversationStore,
  'createConversation' | 'getConversation' | 'deleteConversation' | 'setSelectedTools' | 'recordRanTools'
>;

/**
 * The most names a conversation's ran or late tools keep: a conversation that ran more distinct tools is a batch, and
 * the staples need only the common few (the 50 rows a turn reads stay small).
 */
export const RAN_TOOLS_MAX = 64;

/**
 * A stored JSON list of names (or null) with the names of one `?` argument that it lacks added after it, once each, as
 * a JSON list of at most RAN_TOOLS_MAX (the stored ones first).
 */
function unionOfNames(column: string): string {
  const stored = `json_each(COALESCE(${column}, '[]'))`;
  return `(SELECT json_group_array(value) FROM (SELECT value FROM (SELECT value, 0 AS part, key AS at FROM ${stored} ` +
    `UNION ALL SELECT value, 1, MIN(key) FROM json_each(?) WHERE value NOT IN (SELECT value FROM ${stored}) ` +
    `GROUP BY value) ORDER BY part, at LIMIT ${RAN_TOOLS_MAX}))`;
}

export function createConversationOperations(context: StoreContext): ConversationOperations {
  let derivedColumns: Promise<{ table: string; column: string }[]> | null = null;
  const loadDerivedColumns = () => (derivedColumns ??= context.database.read(DERIVED_COLUMNS_SQL).then(
    (result) =>
      result.rows.map((row) => ({
        table: quote(String(row['table_name'])),
        column: quote(String(row['column_name'])),
      })),
    (error: unknown) => {
      derivedColumns = null;
      throw error;
    },
  ));
  const updateOwned = async (
    scope: ConversationScope,
    assignments: string,
    args: readonly (string | null)[],
  ): Promise<void> => {
    const result = await context.database.write({
      sql: `UPDATE conversations AS c SET ${assignments} WHERE ${OWNED} RETURNING id`,
      args: [...args, ...ownerArgs(scope)],
    });
    if (result.rows.length === 0) throw notFound();
  };

  return {
    async createConversation(input) {
      checkId(input.ownerId, 'ownerId');
      const id = input.id ?? context.createId();
      checkId(id, 'id');
      const at = nowIso(context);
      const [inserted] = await context.database.batchWrite([
        {
          sql:
            'INSERT INTO conversations (id, owner_id, title, created_at, updated_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING id',
          args: [id, input.ownerId, input.title ?? null, at, at],
        },
        {
          sql: 'INSERT INTO conversation_memory (conversation_id, updated_at) VALUES (?, ?) ON CONFLICT DO NOTHING',
          args: [id, at],
        },
      ]);
      if (inserted?.rows.length !== 1) throw new AppError('conflict', 'a conversation with this id already exists');
      return {
        id,
        ownerId: input.ownerId,
        title: input.title ?? null,
        createdAt: at,
        updatedAt: at,
        sessionId: null,
        sessionStartedAt: null,
        lastActivityAt: null,
        selectedTools: null,
        toolOrder: null,
        turnLock: null,
      };
    },

    async getConversation(scope) {
      const result = await context.database.read({
        sql: `SELECT ${CONVERSATION_COLUMNS} FROM conversations c WHERE ${OWNED}`,
        args: ownerArgs(scope),
      });
      const row = result.rows[0];
      return row === undefined ? null : toConversation(row);
    },

    async deleteConversation(scope) {
      const owned = `SELECT c.id FROM conversations c WHERE ${OWNED}`;
      const statements: InStatement[] = (await loadDerivedColumns()).map(({ table, column }) => ({
        sql: `DELETE FROM ${table} WHERE ${column} IN (${owned})`,
        args: ownerArgs(scope),
      }));
      statements.push({ sql: `DELETE FROM conversations AS c WHERE ${OWNED} RETURNING id`, args: ownerArgs(scope) });
      const results = await context.database.batchWrite(statements);
      return (results.at(-1)?.rows.length ?? 0) > 0;
    },

    async recordRanTools(input) {
      // The unions of the stored sets and this turn's tools, in SQL: one statement, whatever ran before.
      await updateOwned(
        input,
        `ran_tools = ${unionOfNames('c.ran_tools')}, late_tools = ${unionOfNames('c.late_tools')}, tools_ran_at = ?`,
        [writeNames(input.tools, 'ran tools'), writeNames(input.late, 'late tools'), input.at.toISOString()],
      );
    },
    async setSelectedTools(input) {
      const tools = input.tools === null ? null : writeNames(input.tools, 'selected tools');
      // Clearing the selection clears its order too; an order not given stays as it is.
      const setOrder = input.tools === null || input.order !== undefined;
      const order = input.tools === null || input.order === undefined || input.order === null
        ? null
        : writeNames(input.order, 'the tool order');
      await updateOwned(
        input,
        `selected_tools = ?, tool_changes = tool_changes + ${TOOL_SET_CHANGED}${setOrder ? ', tool_order = ?' : ''}`,
        setOrder ? [tools, tools, order] : [tools, tools],
      );
    },
  };
}

/**
 * 1 when the tool list bound to its `?` changes the set of the stored one, else 0: the first list and a new order of
 * the same tools do not count (a change rewrites the cached prefix behind the tools; a reorder is the same bytes).
 */
export const TOOL_SET_CHANGED = '(CASE WHEN c.selected_tools IS NULL OR ' +
  '(SELECT json_group_array(value ORDER BY value) FROM json_each(c.selected_tools)) IS ' +
  '(SELECT json_group_array(value ORDER BY value) FROM json_each(?)) THEN 0 ELSE 1 END)';

function quote(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}

function checkId(value: string, name: string): void {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_ID_LENGTH) {
    throw new AppError('internal', `${name} must be 1 to ${MAX_ID_LENGTH} characters`);
  }
}
