// Describes a thrown error for the client and, when an operator should look, logs it (never message text or stacks).
import type { Logger } from '../logger.ts';
import { describeError, type ErrorDescription } from './error-status.ts';

/** Longest error message copied into a log line. */
const MAX_LOGGED_MESSAGE = 300;

/** Logs unexpected errors (5xx) at `error` with the request id, error name, code and a bounded message. */
export function reportError(logger: Logger, error: unknown, requestId: string): ErrorDescription {
  const description = describeError(error);
  if (description.unexpected) {
    const cause = error instanceof Error ? error.cause : undefined;
    logger.log('error', 'http_error', {
      requestId,
      code: description.code,
      status: description.status,
      errorName: error instanceof Error ? error.name : typeof error,
      errorMessage: error instanceof Error ? error.message.slice(0, MAX_LOGGED_MESSAGE) : undefined,
      ...(cause instanceof Error ? { causeName: cause.name } : {}),
    });
  }
  return description;
}
