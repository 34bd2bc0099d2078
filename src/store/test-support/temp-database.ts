// Test support: real libSQL files in a temp directory, opened as this process or as "another process".
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ConversationStore } from '../conversation-store.ts';
import { createLibsqlStore } from '../create-libsql-store.ts';
import type { Database } from '../database.ts';
import type { NewMessage } from '../store-records.ts';
import { createDatabaseRegistry } from '../database-registry.ts';
import { collectNativeGarbage } from './collect-native-garbage.ts';
import { migrate } from '../migrate.ts';
import { openDatabase, type OpenDatabaseOptions } from '../open-database.ts';
import { readStoreRows, type StoreRows } from './read-store-rows.ts';
import { createLocalClient } from '../native/create-native-client.ts';

export type TempDirectory = { readonly directory: string; url(name?: string): string; remove(): void };

/** A fresh temp directory; `url()` names a `file:` database inside it. */
export function createTempDirectory(): TempDirectory {
  const directory = mkdtempSync(join(tmpdir(), 'tokenwise-store-'));
  return {
    directory,
    url: (name = 'test.db') => `file:${join(directory, name)}`,
    remove: () => {
      rmSync(directory, { recursive: true, force: true });
      collectNativeGarbage();
    },
  };
}

/** Opens `url` with its own registry (a client of its own, as another process would have). */
export function openIsolatedDatabase(url: string, options: Partial<OpenDatabaseOptions> = {}): Promise<Database> {
  return openDatabase({ url, createClient: createLocalClient, registry: createDatabaseRegistry(), ...options });
}

/** A temp file database with every migration applied; `cleanup` closes it and removes the directory. */
export async function createMigratedDatabase(): Promise<
  { database: Database; url: string; cleanup: () => Promise<void> }
> {
  const temp = createTempDirectory();
  const url = temp.url();
  const database = await openIsolatedDatabase(url);
  await migrate(database);
  return {
    database,
    url,
    cleanup: async () => {
      await database.close();
      temp.remove();
    },
  };
}

export type StoreFixture = {
  readonly store: ConversationStore;
  /** Reads the store's tables directly, for assertions (see read-store-rows.ts). */
  readonly rows: StoreRows;
  readonly database: Database;
  readonly url: string;
  /** Moves the store's clock forward. */
  advance(milliseconds: number): void;
  now(): Date;
  cleanup(): Promise<void>;
};

/** A migrated temp database and a store on it with a manual clock (from 2026-01-01) and ids `id-1`, `id-2`, … */
export async function createStoreFixture(): Promise<StoreFixture> {
  const migrated = await createMigratedDatabase();
  let time = Date.UTC(2026, 0, 1);
  let counter = 0;
  const store = createLibsqlStore({
    database: migrated.database,
    clock: () => new Date(time),
    createId: () => `id-${(counter += 1)}`,
  });
  return {
    store,
    rows: readStoreRows(migrated.database),
    database: migrated.database,
    url: migrated.url,
    advance: (milliseconds) => (time += milliseconds),
    now: () => new Date(time),
    cleanup: migrated.cleanup,
  };
}

/** A plain visible text message of `role`. */
export function textMessage(role: 'user' | 'assistant', text: string, visible = true): NewMessage {
  return { role, content: [{ type: 'text', text }], visible, tokenEstimate: Math.ceil(text.length / 4) };
}
