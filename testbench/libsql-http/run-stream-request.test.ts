import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type LibsqlHttpServer, startLibsqlHttpServer } from './start-libsql-http-server.ts';

let server: LibsqlHttpServer;
before(async () => {
  server = await startLibsqlHttpServer();
  await pipeline({
    requests: [execute('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT UNIQUE)'), { type: 'close' }],
  });
});
after(() => server.close());

type Reply = { status: number; contentType: string | null; body: Record<string, unknown> };

async function pipeline(body: unknown, version: 2 | 3 = 3): Promise<Reply> {
  const response = await fetch(`${server.url}/v${version}/pipeline`, {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    body: (await response.json()) as Record<string, unknown>,
  };
}

function execute(sql: string, args: unknown[] = []): object {
  return { type: 'execute', stmt: { sql, args } };
}

const text = (value: string) => ({ type: 'text', value });
const results = (reply: Reply) =>
  reply.body['results'] as { type: string; response?: Record<string, unknown>; error?: { code: string } }[];

describe('runStreamRequest: raw Hrana over HTTP', () => {
  it('answers the version probes of v2 and v3 JSON, not protobuf', async () => {
    const statuses = await Promise.all(
      ['/v2', '/v3', '/v3-protobuf', '/v3/cursor'].map(async (path) => (await fetch(server.url + path)).status),
    );
    assert.deepEqual(statuses, [200, 200, 404, 404]);
  });

  it('hands out a fresh baton per response, refuses a spent one, and none after close', async () => {
    const first = await pipeline({ baton: null, requests: [execute('SELECT 1')] });
    const baton = first.body['baton'];
    assert.equal(typeof baton, 'string');
    const second = await pipeline({ baton, requests: [{ type: 'close' }] });
    assert.deepEqual([second.status, second.body['baton'], results(second)], [200, null, [{
      type: 'ok',
      response: { type: 'close' },
    }]]);
    const reused = await pipeline({ baton, requests: [execute('SELECT 1')] });
    assert.deepEqual([reused.status, reused.contentType, reused.body['code']], [
      400,
      'application/json',
      'BATON_INVALID',
    ]);
  });

  it('executes stored SQL texts by sql_id and refuses an unknown one', async () => {
    const reply = await pipeline({
      requests: [
        { type: 'store_sql', sql_id: 1, sql: 'SELECT ? AS echo' },
        { type: 'execute', stmt: { sql_id: 1, args: [text('hi')] } },
        { type: 'close_sql', sql_id: 1 },
        { type: 'close' },
      ],
    });
    assert.deepEqual(results(reply)[1]?.response?.['result'], {
      cols: [{ name: 'echo', decltype: null }],
      rows: [[text('hi')]],
      affected_row_count: 0,
      last_insert_rowid: null,
      rows_read: 0,
      rows_written: 0,
    });
    const unknown = await pipeline({ requests: [{ type: 'execute', stmt: { sql_id: 9 } }] });
    assert.deepEqual([unknown.status, unknown.body['code']], [400, 'SQL_NOT_FOUND']);
  });

  it('evaluates batch conditions: ok, error, not, and, or, is_autocommit', async () => {
    const step = (sql: string, condition?: object) => ({
      ...(condition === undefined ? {} : { condition }),
      stmt: { sql, args: [] },
    });
    const reply = await pipeline({
      requests: [{
        type: 'batch',
        batch: {
          steps: [
            step('SELECT 1'),
            step('SELECT * FROM missing_table'),
            step('SELECT 2', { type: 'ok', step: 0 }),
            step('SELECT 3', { type: 'ok', step: 1 }),
            step('SELECT 4', { type: 'error', step: 1 }),
            step('SELECT 5', { type: 'not', cond: { type: 'ok', step: 1 } }),
            step('SELECT 6', { type: 'and', conds: [{ type: 'ok', step: 0 }, { type: 'ok', step: 1 }] }),
            step('SELECT 7', { type: 'or', conds: [{ type: 'ok', step: 0 }, { type: 'ok', step: 1 }] }),
            step('SELECT 8', { type: 'is_autocommit' }),
          ],
        },
      }, { type: 'close' }],
    });
    const batch = results(reply)[0]?.response?.['result'] as {
      step_results: unknown[];
      step_errors: ({ code: string } | null)[];
    };
    assert.deepEqual(batch.step_results.map((result) => result !== null), [
      true,
      false,
      true,
      false,
      true,
      true,
      false,
      true,
      true,
    ]);
    assert.deepEqual(batch.step_errors.map((error) => error?.code ?? null), [
      null,
      'SQLITE_ERROR',
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('tracks the autocommit state of a stream across requests (Hrana 3 only)', async () => {
    const begun = await pipeline({ requests: [execute('BEGIN IMMEDIATE'), { type: 'get_autocommit' }] });
    assert.equal(results(begun)[1]?.response?.['is_autocommit'], false);
    const ended = await pipeline({
      baton: begun.body['baton'],
      requests: [execute('COMMIT'), { type: 'get_autocommit' }, { type: 'close' }],
    });
    assert.equal(results(ended)[1]?.response?.['is_autocommit'], true);
    const old = await pipeline({ requests: [{ type: 'get_autocommit' }] }, 2);
    assert.deepEqual([old.status, old.body['code']], [400, 'NOT_SUPPORTED']);
  });

  it('reports statement errors per result, as sqld does', async () => {
    const reply = await pipeline({
      requests: [
        execute('COMMIT'),
        {
          type: 'execute',
          stmt: { sql: 'SELECT ?', args: [text('a')], named_args: [{ name: ':b', value: text('b') }] },
        },
        execute('INSERT INTO t (name) VALUES (?)', [text('x')]),
        execute('INSERT INTO t (name) VALUES (?)', [text('x')]),
        { type: 'execute', stmt: { sql: 'SELECT name FROM t', want_rows: false } },
        { type: 'close' },
      ],
    });
    assert.deepEqual(results(reply).map((result) => result.error?.code ?? result.type), [
      'SQLITE_ERROR',
      'ARGS_BOTH_POSITIONAL_AND_NAMED',
      'ok',
      'SQLITE_CONSTRAINT',
      'ok',
      'ok',
    ]);
    assert.deepEqual((results(reply)[4]?.response?.['result'] as { rows: unknown[] }).rows, []);
  });

  it('fails the whole request with 400 and a Hrana error for what it does not serve', async () => {
    const cases: [unknown, string][] = [
      ['{not json', 'JSON_INVALID'],
      [{ baton: null }, 'PROTOCOL_ERROR'],
      [{ requests: [{ type: 'describe', sql: 'SELECT 1' }] }, 'NOT_SUPPORTED'],
      [{ requests: [{ type: 'open_cursor' }] }, 'PROTOCOL_ERROR'],
      [
        { requests: [{ type: 'execute', stmt: { sql: 'SELECT ?', args: [{ type: 'integer', value: 'x' }] } }] },
        'PROTOCOL_ERROR',
      ],
      [{
        requests: [{
          type: 'batch',
          batch: { steps: [{ condition: { type: 'ok', step: 0 }, stmt: { sql: 'SELECT 1' } }] },
        }],
      }, 'PROTOCOL_ERROR'],
      [{ requests: [{ type: 'close' }, execute('SELECT 1')] }, 'STREAM_CLOSED'],
    ];
    for (const [body, code] of cases) {
      const reply = await pipeline(body);
      assert.deepEqual([reply.status, reply.contentType, reply.body['code'], typeof reply.body['message']], [
        400,
        'application/json',
        code,
        'string',
      ], JSON.stringify(body));
    }
  });

  it('rolls back the transaction of a stream that fails with a protocol error, freeing the connection', async () => {
    const begun = await pipeline({
      requests: [execute('BEGIN'), execute('INSERT INTO t (name) VALUES (?)', [text('doomed')])],
    });
    const failed = await pipeline({ baton: begun.body['baton'], requests: [{ type: 'describe', sql: 'SELECT 1' }] });
    assert.equal(failed.status, 400);
    const check = await pipeline({
      requests: [execute("SELECT count(*) FROM t WHERE name = 'doomed'"), { type: 'close' }],
    });
    assert.deepEqual((results(check)[0]?.response?.['result'] as { rows: unknown[][] }).rows, [[{
      type: 'integer',
      value: '0',
    }]]);
  });
});
