// Applies migrations/NNNN_name.sql (bundled in migration-list.ts) in order, exactly once, recorded in schema_migrations.
import { AppError } from '../errors.ts';
import type { Database } from './database.ts';
import { type Migration, MIGRATIONS } from './migration-list.ts';
import { isBusyError, toStoreError } from './to-store-error.ts';

export type { Migration };

export type MigrationResult = {
  /** Applied by this call, in order. */
  readonly applied: readonly string[];
  readonly alreadyApplied: readonly string[];
  /** Recorded in the database but unknown to this build (a newer build migrated it); not an error. */
  readonly unknown: readonly string[];
};

const MIGRATION_NAME = /^\d{4}_[a-z0-9_]+$/;
const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS schema_migrations (
  name TEXT PRIMARY KEY, checksum TEXT NOT NULL, applied_at TEXT NOT NULL) STRICT`;

/**
 * Brings the schema up to date. Safe at every start and from several processes at once: each pending migration runs
 * in its own write transaction (BEGIN IMMEDIATE) that re-checks schema_migrations under the lock, so it runs exactly
 * once. A migration whose text changed after it was applied fails with AppError('store_error') naming it (line
 * endings do not count); a badly named or ordered list fails with AppError('internal').
 */
export async function migrate(
  database: Database,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<MigrationResult> {
  checkMigrationList(migrations);
  await database.write(CREATE_TABLE);
  const checksums = new Map<string, string>();
  for (const migration of migrations) checksums.set(migration.name, await computeChecksum(migration.sql));
  const recorded = await database.read('SELECT name, checksum FROM schema_migrations ORDER BY name');
  const appliedNow = new Map(recorded.rows.map((row) => [String(row['name']), String(row['checksum'])]));
  for (const [name, checksum] of appliedNow) checkUnchanged(name, checksum, checksums.get(name));

  const applied: string[] = [];
  for (const migration of migrations) {
    if (appliedNow.has(migration.name)) continue;
    const checksum = checksums.get(migration.name) ?? '';
    const ran = await database.transaction(async (transaction) => {
      const existing = await transaction.execute({
        sql: 'SELECT checksum FROM schema_migrations WHERE name = ?',
        args: [migration.name],
      });
      const row = existing.rows[0];
      if (row !== undefined) {
        checkUnchanged(migration.name, String(row['checksum']), checksum);
        return false;
      }
      try {
        await transaction.executeMultiple(migration.sql);
      } catch (error) {
        throw isBusyError(error) ? error : toStoreError(error, `migration ${migration.name}`);
      }
      await transaction.execute({
        sql:
          "INSERT INTO schema_migrations (name, checksum, applied_at) VALUES (?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))",
        args: [migration.name, checksum],
      });
      return true;
    });
    if (ran) applied.push(migration.name);
  }
  const known = new Set(migrations.map((migration) => migration.name));
  return {
    applied,
    alreadyApplied: migrations.map((migration) => migration.name).filter((name) => !applied.includes(name)),
    unknown: [...appliedNow.keys()].filter((name) => !known.has(name)),
  };
}

/** Hex SHA-256 of the migration text with CRLF normalised to LF (Web Crypto: the same on Node, Deno and Workers). */
export async function computeChecksum(sql: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(sql.replace(/\r\n/g, '\n')));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

function checkUnchanged(name: string, recorded: string, current: string | undefined): void {
  if (current === undefined || current === recorded) return;
  throw new AppError(
    'store_error',
    `migration ${name} was changed after it was applied (checksum ${recorded.slice(0, 12)}… in the database, ` +
      `${current.slice(0, 12)}… now): restore the original file and put the change in a new numbered migration`,
    { details: { migration: name } },
  );
}

function checkMigrationList(migrations: readonly Migration[]): void {
  const numbers = new Set<string>();
  let previous = '';
  for (const { name } of migrations) {
    const number = name.slice(0, 4);
    if (!MIGRATION_NAME.test(name) || name <= previous || numbers.has(number)) {
      throw new AppError(
        'internal',
        `migration list is invalid at "${name}": names must be NNNN_snake_case, unique and ascending`,
      );
    }
    numbers.add(number);
    previous = name;
  }
}
