// The process-wide table of shared local-file connections: one client per SQLite file per process.
import type { Connection } from './create-connection.ts';

/** Shared connections keyed by absolute file path, each counting the Database handles that use it. */
export type DatabaseRegistry = Map<string, { readonly connection: Connection; handles: number }>;

/** A fresh, empty registry. Tests use one to act as a second process on the same file. */
export function createDatabaseRegistry(): DatabaseRegistry {
  return new Map();
}

/** The registry of this process (module-level on purpose: libsql-client-ts#352 needs one client per file). */
export const PROCESS_REGISTRY: DatabaseRegistry = createDatabaseRegistry();
