// Translates libSQL failures into AppError: the one table of libSQL error codes the store branches on.
import { AppError } from '../errors.ts';

/** libSQL/SQLite codes meaning "another connection holds the lock": retried on a fresh client, then store_busy. */
const BUSY_CODES = ['SQLITE_BUSY', 'SQLITE_LOCKED'];
/** Codes saying the URL or its options are wrong: a configuration problem, not a database one. */
const CONFIG_CODES = ['URL_INVALID', 'URL_SCHEME_NOT_SUPPORTED', 'URL_PARAM_NOT_SUPPORTED'];

type CodedError = { code?: unknown; extendedCode?: unknown; message?: unknown };

/** True for SQLITE_BUSY / SQLITE_LOCKED and their extended codes (e.g. SQLITE_BUSY_SNAPSHOT), however wrapped. */
export function isBusyError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, extendedCode, message } = error as CodedError;
  const codes = [code, extendedCode].filter((value): value is string => typeof value === 'string');
  if (codes.some((value) => BUSY_CODES.some((busy) => value.startsWith(busy)))) return true;
  return typeof message === 'string' && /database (table )?is locked/i.test(message);
}

/** The libSQL code of an error, when it has one. */
export function sqliteCode(error: unknown): string | undefined {
  const code = typeof error === 'object' && error !== null ? (error as CodedError).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/** AppErrors pass through; busy → store_busy; a bad URL → config_invalid; anything else → store_error. */
export function toStoreError(error: unknown, action: string): AppError {
  if (error instanceof AppError) return error;
  const code = sqliteCode(error);
  const details = code === undefined ? {} : { sqliteCode: code };
  const reason = error instanceof Error ? error.message : String(error);
  if (isBusyError(error)) {
    return new AppError('store_busy', `database is busy (${action}); try again shortly`, { cause: error, details });
  }
  if (code !== undefined && CONFIG_CODES.includes(code)) {
    return new AppError('config_invalid', `DATABASE_URL is not usable: ${reason}`, { cause: error, details });
  }
  return new AppError('store_error', `database ${action} failed: ${reason}`, { cause: error, details });
}
