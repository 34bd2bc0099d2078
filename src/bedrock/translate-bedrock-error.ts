// The one table from Bedrock failures (exception names, network errors) to our error codes.
import { AppError, type ErrorCode } from '../errors.ts';
import { createRedactor } from '../redact-secrets.ts';

/** Bedrock exception name → our code. Anything else is `model_error`. */
const BEDROCK_ERROR_TABLE: ReadonlyMap<string, ErrorCode> = new Map(Object.entries(
  {
    ThrottlingException: 'model_throttled',
    ModelNotReadyException: 'model_throttled',
    ServiceQuotaExceededException: 'model_throttled',
    ServiceUnavailableException: 'model_unavailable',
    InternalServerException: 'model_unavailable',
    ModelTimeoutException: 'model_timeout',
    TimeoutError: 'model_timeout',
    ValidationException: 'model_rejected',
    ResourceNotFoundException: 'model_rejected',
    ModelErrorException: 'model_error',
    ModelStreamErrorException: 'model_error',
    AccessDeniedException: 'model_access_denied',
    UnrecognizedClientException: 'model_access_denied',
    ExpiredTokenException: 'model_access_denied',
    InvalidSignatureException: 'model_access_denied',
  } satisfies Record<string, ErrorCode>,
));

/** Network-level failures (no HTTP answer at all) count as the service being unavailable. */
const NETWORK_ERROR_NAMES: ReadonlySet<string> = new Set(['TypeError', 'FetchError', 'AbortError']);

/** Longest Bedrock message kept in our error message (it reaches logs). */
const MAX_MESSAGE_CHARS = 200;

const maskCredentials = createRedactor();

/**
 * Bedrock quotes request text back in some messages: quoted spans are dropped so user text never reaches a log.
 * Credentials it names (an access key id in an AccessDenied message, a URL with user info) are masked too.
 */
function redactQuotes(message: string): string {
  const redacted = maskCredentials(message).replace(/"[^"]*"?|“[^”]*”?|(?<![\p{L}\p{N}])'[^']*'/gu, '"…"');
  return redacted.length > MAX_MESSAGE_CHARS ? `${redacted.slice(0, MAX_MESSAGE_CHARS)}…` : redacted;
}

/**
 * Turns whatever the SDK threw into an AppError; the original stays as `cause`, the name in details. The message
 * keeps Bedrock's words (useful to operators) with quoted spans redacted and its length capped.
 */
export function translateBedrockError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const name = error instanceof Error ? error.name : 'UnknownError';
  const message = redactQuotes(error instanceof Error ? error.message : String(error));
  const code = BEDROCK_ERROR_TABLE.get(name) ?? (NETWORK_ERROR_NAMES.has(name) ? 'model_unavailable' : 'model_error');
  const status = (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
  return new AppError(code, `Bedrock ${name}: ${message}`, {
    cause: error,
    details: { bedrockError: name, ...(status === undefined ? {} : { httpStatus: status }) },
  });
}

/** True for failures worth another attempt later (throttling, 5xx, timeouts, broken streams). */
export function isRetryableModelError(error: AppError): boolean {
  return error.code === 'model_throttled' || error.code === 'model_unavailable' || error.code === 'model_timeout';
}
