import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
// @ts-expect-error: a plain .mjs build script without type declarations
import { MIGRATION_LIST_PATH, readMigrationFiles, renderMigrationList } from '../../scripts/bundle-migrations.mjs';
import { MIGRATIONS } from './migration-list.ts';

type Rendered = { name: string; sql: string };

describe('MIGRATIONS', () => {
  it('matches migrations/*.sql exactly (run `node scripts/bundle-migrations.mjs` when this fails)', () => {
    const files = readMigrationFiles() as Rendered[];
    assert.deepEqual(MIGRATIONS.map((m) => m.name), files.map((m) => m.name));
    assert.equal(readFileSync(MIGRATION_LIST_PATH, 'utf8'), renderMigrationList(files));
  });

  it('renders a list that would differ if a migration changed', () => {
    const files = readMigrationFiles() as Rendered[];
    const changed = files.map((m, index) => (index === 0 ? { ...m, sql: `${m.sql}\n-- edited` } : m));
    assert.notEqual(renderMigrationList(changed), renderMigrationList(files));
  });
});
