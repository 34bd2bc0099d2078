// One Hrana stream request (execute, batch, sequence, store_sql, close_sql, get_autocommit, close) → its StreamResult.
import type { HranaStream, StreamTable } from './create-stream-table.ts';
import { type HranaError, HranaProtocolError, HranaStatementError, toHranaError } from './hrana-error.ts';
import { encodeStatementResult } from './hrana-values.ts';
import { parseStatement, resolveSql } from './parse-statement.ts';
import { runBatch } from './run-batch.ts';

/** `StreamResult` of Hrana over HTTP. */
export type HranaStreamResult =
  | { readonly type: 'ok'; readonly response: { readonly type: string } & Record<string, unknown> }
  | { readonly type: 'error'; readonly error: HranaError };

/** The limits sqld applies to stored SQL texts (libsql-server hrana/http/request.rs). */
const MAX_STORED_SQL_COUNT = 50;
const MAX_STORED_SQL_BYTES = 5000;

export type RunStreamRequestOptions = {
  readonly request: unknown;
  readonly stream: HranaStream;
  readonly streams: StreamTable;
  readonly version: 2 | 3;
};

/**
 * Runs one request on the stream (the caller holds the connection gate). A failing statement becomes an error
 * result; a request this fixture does not serve (`describe`, cursors, unknown types, use after `close`) throws
 * HranaProtocolError so the whole HTTP request fails with 400 and a clear message.
 */
export async function runStreamRequest(options: RunStreamRequestOptions): Promise<HranaStreamResult> {
  try {
    return { type: 'ok', response: await respond(options) };
  } catch (error) {
    if (error instanceof HranaProtocolError) throw error;
    return { type: 'error', error: toHranaError(error) };
  }
}

async function respond(
  { request, stream, streams, version }: RunStreamRequestOptions,
): Promise<{ type: string } & Record<string, unknown>> {
  const fields = (typeof request === 'object' && request !== null ? request : {}) as Record<string, unknown>;
  const type = fields['type'];
  const open = (): void => {
    if (stream.closed) {
      throw new HranaProtocolError(`"${String(type)}" after "close": the stream is closed`, 'STREAM_CLOSED');
    }
  };
  switch (type) {
    case 'close':
      await streams.close(stream);
      return { type };
    case 'execute': {
      open();
      const { statement, wantRows } = parseStatement(fields['stmt'], stream.sqls);
      return { type, result: encodeStatementResult(await stream.session.execute(statement), wantRows) };
    }
    case 'batch':
      open();
      return {
        type,
        result: await runBatch({ batch: fields['batch'], session: stream.session, sqls: stream.sqls, version }),
      };
    case 'sequence':
      open();
      await stream.session.executeMultiple(resolveSql(fields, stream.sqls));
      return { type };
    case 'store_sql':
      storeSql(fields, stream.sqls);
      return { type };
    case 'close_sql':
      if (typeof fields['sql_id'] !== 'number') throw new HranaProtocolError('"close_sql" needs an integer "sql_id"');
      stream.sqls.delete(fields['sql_id']);
      return { type };
    case 'get_autocommit':
      open();
      if (version < 3) {
        throw new HranaProtocolError('"get_autocommit" needs Hrana 3 (POST /v3/pipeline)', 'NOT_SUPPORTED');
      }
      return { type, is_autocommit: stream.session.isAutocommit() };
    case 'describe':
      throw new HranaProtocolError(
        '"describe" is not supported by this test fixture (tokenwise does not use it)',
        'NOT_SUPPORTED',
      );
    default:
      throw new HranaProtocolError(`unknown stream request type ${JSON.stringify(type)}`);
  }
}

function storeSql(fields: Record<string, unknown>, sqls: Map<number, string>): void {
  const sqlId = fields['sql_id'];
  const sql = fields['sql'];
  if (typeof sqlId !== 'number' || !Number.isInteger(sqlId) || typeof sql !== 'string') {
    throw new HranaProtocolError('"store_sql" needs an integer "sql_id" and a string "sql"');
  }
  if (sqls.has(sqlId)) throw new HranaProtocolError(`sql_id ${sqlId} is already in use on this stream`, 'SQL_EXISTS');
  if (sqls.size >= MAX_STORED_SQL_COUNT) {
    throw new HranaStatementError(
      `The server already stores ${sqls.size} SQL texts, it cannot store more`,
      'SQL_STORE_TOO_MANY',
    );
  }
  if (Buffer.byteLength(sql) > MAX_STORED_SQL_BYTES) {
    throw new HranaStatementError(
      `The statement is too large to be stored (${Buffer.byteLength(sql)} bytes)`,
      'SQL_STORE_TOO_LARGE',
    );
  }
  sqls.set(sqlId, sql);
}
