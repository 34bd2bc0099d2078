// Every error the API sends has one shape: `{ error: { code, message, requestId } }`.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from './app-env.ts';
import { ERROR_STATUS, type HttpErrorCode } from './error-status.ts';

export type ErrorBody = {
  readonly error: { readonly code: string; readonly message: string; readonly requestId: string };
};

export type ErrorReply = {
  readonly code: HttpErrorCode;
  readonly message: string;
  /** Defaults to the code's status in ERROR_STATUS. */
  readonly status?: number;
  readonly retryAfterSeconds?: number;
  readonly headers?: Readonly<Record<string, string>>;
};

/** Builds the JSON error response; 401 answers carry `WWW-Authenticate`, retryable ones `Retry-After`. */
export function respondWithError(c: Context<AppEnv>, reply: ErrorReply): Response {
  const status = (reply.status ?? ERROR_STATUS[reply.code]) as ContentfulStatusCode;
  const requestId = c.get('requestId') ?? 'unknown';
  const headers: Record<string, string> = { 'cache-control': 'no-store', ...reply.headers };
  if (reply.retryAfterSeconds !== undefined) headers['retry-after'] = String(reply.retryAfterSeconds);
  if (status === 401) headers['www-authenticate'] = 'Bearer error="invalid_token"';
  const body: ErrorBody = { error: { code: reply.code, message: reply.message, requestId } };
  return c.json(body, status, headers);
}
