// Test support: a migrated temp libSQL database and a way to call demo tools as a given user, with a manual clock.
import assert from 'node:assert/strict';
import { createMigratedDatabase } from '../store/test-support/temp-database.ts';
import type { Database } from '../store/database.ts';
import type { ToolContext, ToolOutcome, ToolPackEntry } from './tool-handler.ts';

export type ToolFixture = {
  readonly database: Database;
  /** Runs the named tool of `entries` as `userId` (in conversation `conv-<userId>`). */
  call(name: string, input: Record<string, unknown>, userId?: string): Promise<ToolOutcome>;
  /** Like `call` but asserts success and returns the parsed JSON answer. */
  // deno-lint-ignore no-explicit-any -- tests read whatever fields a tool answers
  ok(name: string, input: Record<string, unknown>, userId?: string): Promise<any>;
  /** Like `call` but asserts an error outcome and returns its text. */
  error(name: string, input: Record<string, unknown>, userId?: string): Promise<string>;
  setNow(iso: string): void;
  cleanup(): Promise<void>;
};

/** Clock starts at 2026-03-02T09:00:00.000Z (a Monday); ids are `<prefix>-1`, `<prefix>-2`, … */
export async function createToolFixture(
  entries: readonly ToolPackEntry[],
  users: readonly string[] = ['alice', 'bob'],
): Promise<ToolFixture> {
  const { database, cleanup } = await createMigratedDatabase();
  const stamp = '2026-03-01T00:00:00.000Z';
  for (const user of users) {
    await database.write({
      sql: 'INSERT INTO conversations (id, owner_id, created_at, updated_at) VALUES (?, ?, ?, ?)',
      args: [`conv-${user}`, user, stamp, stamp],
    });
  }
  const byName = new Map(entries.map((entry) => [entry.spec.name, entry]));
  let now = new Date('2026-03-02T09:00:00.000Z');
  let counter = 0;
  const call = (name: string, input: Record<string, unknown>, userId = 'alice'): Promise<ToolOutcome> => {
    const entry = byName.get(name);
    if (entry === undefined) throw new Error(`no tool ${name}`);
    const context: ToolContext = {
      database,
      userId,
      conversationId: `conv-${userId}`,
      now,
      newId: () => `${name.split('_')[1]}-${(counter += 1)}`,
    };
    return entry.handler(input, context);
  };
  return {
    database,
    call,
    async ok(name, input, userId) {
      const outcome = await call(name, input, userId);
      assert.equal(outcome.status, 'success', `${name} failed: ${outcome.text}`);
      return JSON.parse(outcome.text);
    },
    async error(name, input, userId) {
      const outcome = await call(name, input, userId);
      assert.equal(outcome.status, 'error', `${name} should fail but answered: ${outcome.text}`);
      assert.ok(outcome.text.length > 0);
      return outcome.text;
    },
    setNow: (iso) => {
      now = new Date(iso);
    },
    cleanup,
  };
}
