// Hrana errors: `{ message, code }` for a failed statement, and the protocol errors that fail a whole HTTP request.

/** The `Error` structure of the Hrana spec. */
export type HranaError = { readonly message: string; readonly code: string };

/**
 * A request this fixture cannot or will not serve (malformed body, unknown baton, unsupported request type).
 * The whole HTTP request fails with `status` and a JSON HranaError, and its stream is closed (as sqld does).
 */
export class HranaProtocolError extends Error {
  readonly code: string;
  readonly status: number;

  constructor(message: string, code = 'PROTOCOL_ERROR', status = 400) {
    super(message);
    this.name = 'HranaProtocolError';
    this.code = code;
    this.status = status;
  }
}

/** A statement-level failure that is not SQLite's own (for example BEGIN inside a transaction), reported per result. */
export class HranaStatementError extends Error {
  readonly code: string;

  constructor(message: string, code: string) {
    super(message);
    this.name = 'HranaStatementError';
    this.code = code;
  }
}

type LibsqlLike = { code?: unknown; cause?: unknown; message?: unknown };

/**
 * The HranaError sqld would send for a statement failure: SQLite failures carry the primary code
 * (`SQLITE_CONSTRAINT`, `SQLITE_BUSY`, …) and the message `SQLite error: <sqlite message>`.
 */
export function toHranaError(error: unknown): HranaError {
  if (error instanceof HranaStatementError || error instanceof HranaProtocolError) {
    return { message: error.message, code: error.code };
  }
  const { code, cause, message } = (typeof error === 'object' && error !== null ? error : {}) as LibsqlLike;
  const text = cause instanceof Error ? cause.message : typeof message === 'string' ? message : String(error);
  if (typeof code === 'string' && code.startsWith('SQLITE_')) return { message: `SQLite error: ${text}`, code };
  return { message: text, code: typeof code === 'string' ? code : 'UNKNOWN' };
}
