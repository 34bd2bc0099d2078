import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isLocalDatabaseUrl, resolveDatabaseKey } from './resolve-database-key.ts';

describe('resolveDatabaseKey', () => {
  const cwd = process.cwd();
  const cases: [string, string | null][] = [
    ['file:/data/app.db', '/data/app.db'],
    ['file:///data/app.db', '/data/app.db'],
    ['file://localhost/data/app.db', '/data/app.db'],
    ['file:/data/./x/../app.db', '/data/app.db'],
    ['file:/data/app%20one.db', '/data/app one.db'],
    ['file:/data/app.db?authToken=x', '/data/app.db'],
    ['file:app.db', `${cwd}/app.db`],
    ['file:./app.db', `${cwd}/app.db`],
    [':memory:', null],
    ['file::memory:', null],
    ['libsql://db.example.turso.io', null],
    ['https://db.example.com', null],
  ];
  for (const [url, expected] of cases) {
    it(`maps ${url} to ${String(expected)}`, () => assert.equal(resolveDatabaseKey(url), expected));
  }

  it('tells local URLs from remote ones', () => {
    assert.deepEqual(
      ['file:a.db', 'FILE:/a.db', ':memory:', 'libsql://x', 'http://127.0.0.1:8080'].map(isLocalDatabaseUrl),
      [true, true, true, false, false],
    );
  });
});
