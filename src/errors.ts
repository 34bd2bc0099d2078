// The one error type of tokenwise: a code callers can branch on, a message a person can act on, and the cause.

/** Every failure the service can name. `http/` maps each code to a status; nothing else does. */
export type ErrorCode =
  | 'config_invalid'
  | 'bad_request'
  | 'unauthorized'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'over_budget'
  | 'budget_exceeded'
  | 'too_many_turns'
  | 'model_throttled'
  | 'model_unavailable'
  | 'model_timeout'
  | 'model_rejected'
  | 'model_error'
  | 'model_access_denied'
  | 'store_busy'
  | 'store_error'
  | 'tool_failed'
  | 'turn_timeout'
  | 'shutting_down'
  | 'internal';

export class AppError extends Error {
  readonly code: ErrorCode;
  /** Extra machine-readable facts (never secrets or message text). */
  readonly details: Readonly<Record<string, unknown>> | undefined;

  constructor(code: ErrorCode, message: string, options: { cause?: unknown; details?: Record<string, unknown> } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.details = options.details;
  }
}

/** True when `error` is an AppError carrying `code`. */
export function isAppError(error: unknown, code?: ErrorCode): error is AppError {
  return error instanceof AppError && (code === undefined || error.code === code);
}
