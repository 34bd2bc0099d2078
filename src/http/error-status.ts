// The only map from error codes to HTTP statuses, and from thrown errors to what a client may be told.
import { HTTPException } from 'hono/http-exception';
import { type ErrorCode, isAppError } from '../errors.ts';

/** Codes only the HTTP layer produces, next to the service's own. */
export type HttpErrorCode = ErrorCode | 'method_not_allowed' | 'unsupported_media_type' | 'service_unavailable';

/** Every code's status. Exhaustive by type: a new ErrorCode fails to compile until it is placed here. */
export const ERROR_STATUS: Readonly<Record<HttpErrorCode, number>> = {
  bad_request: 400,
  unauthorized: 401,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  over_budget: 422,
  budget_exceeded: 429,
  too_many_turns: 429,
  model_throttled: 429,
  config_invalid: 500,
  store_error: 500,
  internal: 500,
  model_rejected: 502,
  model_error: 502,
  model_access_denied: 502,
  tool_failed: 502,
  model_unavailable: 503,
  store_busy: 503,
  service_unavailable: 503,
  model_timeout: 504,
  turn_timeout: 504,
  shutting_down: 503,
};

/** What clients read for server-side failures: internal messages (Bedrock's, SQL's) stay in the log. */
const PUBLIC_MESSAGE: Partial<Record<HttpErrorCode, string>> = {
  model_throttled: 'The model is busy; retry after the number of seconds in Retry-After.',
  model_unavailable: 'The model service is unavailable; retry shortly.',
  model_timeout: 'The model did not answer in time; retry.',
  model_rejected: 'The model rejected the request.',
  model_error: 'The model failed to produce an answer; retry.',
  model_access_denied: 'The server is not allowed to call the model; the operator must fix its credentials.',
  tool_failed: 'A tool failed while answering.',
  turn_timeout:
    'The turn did not finish in time; retry with the same Idempotency-Key (tools that ran are not run again).',
  shutting_down: 'The server is shutting down; retry with the same Idempotency-Key.',
  store_busy: 'The database is busy; retry shortly.',
  store_error: 'Internal error; quote the request id when reporting it.',
  config_invalid: 'Internal error; quote the request id when reporting it.',
  internal: 'Internal error; quote the request id when reporting it.',
};

/** Seconds a client should wait, for codes where a retry is the right move (overridable by `details.retryAfterSeconds`). */
const RETRY_AFTER_SECONDS: Partial<Record<HttpErrorCode, number>> = {
  model_throttled: 5,
  too_many_turns: 2,
  model_unavailable: 5,
  store_busy: 1,
  shutting_down: 5,
};

const HTTP_EXCEPTION_CODE: Readonly<Record<number, HttpErrorCode>> = {
  400: 'bad_request',
  401: 'unauthorized',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
};

export type ErrorDescription = {
  readonly status: number;
  readonly code: HttpErrorCode;
  readonly message: string;
  readonly retryAfterSeconds?: number;
  /** True when an operator should look: status 5xx or an error that is not ours. */
  readonly unexpected: boolean;
};

/** Describes any thrown value for a client. Never exposes a stack or the text of an unknown error. */
export function describeError(error: unknown): ErrorDescription {
  if (isAppError(error)) {
    const status = ERROR_STATUS[error.code];
    const retryAfterSeconds = readRetryAfter(error.details?.['retryAfterSeconds']) ?? RETRY_AFTER_SECONDS[error.code];
    return {
      status,
      code: error.code,
      message: PUBLIC_MESSAGE[error.code] ?? error.message,
      ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
      unexpected: status >= 500,
    };
  }
  if (error instanceof HTTPException) {
    const code = HTTP_EXCEPTION_CODE[error.status];
    if (code !== undefined) {
      return {
        status: ERROR_STATUS[code],
        code,
        message: error.message || code.replaceAll('_', ' '),
        unexpected: false,
      };
    }
  }
  return { status: 500, code: 'internal', message: PUBLIC_MESSAGE.internal ?? 'Internal error.', unexpected: true };
}

/** A budget's rolling month can take up to 30 days to make room. */
const MAX_RETRY_AFTER_SECONDS = 31 * 86_400;

function readRetryAfter(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= MAX_RETRY_AFTER_SECONDS
    ? value
    : undefined;
}
