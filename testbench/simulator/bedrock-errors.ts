// Builders for Bedrock's error shapes: plain validation messages, AWS "N validation errors detected" lists, and errors
// the model itself returned (Bedrock prefixes those with "The model returned the following errors: ").
import type { BedrockError } from './types.ts';

export const MODEL_ERROR_PREFIX = 'The model returned the following errors: ';

export function validationError(message: string): BedrockError {
  return { status: 400, type: 'ValidationException', message };
}

/** A model-level rejection (on ConverseStream it arrives as an in-stream validationException frame). */
export function modelValidationError(message: string): BedrockError {
  return validationError(`${MODEL_ERROR_PREFIX}${message}`);
}

export function isModelLevelError(error: BedrockError): boolean {
  return error.message.startsWith(MODEL_ERROR_PREFIX);
}

/** AWS request validation: `1 validation error detected: …` / `2 validation errors detected: a; b`. */
export function constraintErrors(violations: readonly string[]): BedrockError {
  const count = violations.length;
  return validationError(`${count} validation error${count === 1 ? '' : 's'} detected: ${violations.join('; ')}`);
}

/** One AWS constraint violation; `value` undefined renders as `Value at '…'` (how Bedrock shows message members). */
export function constraintViolation(path: string, constraint: string, value?: string): string {
  return `Value${
    value === undefined ? '' : ` '${value}'`
  } at '${path}' failed to satisfy constraint: Member must ${constraint}`;
}

export const NAME_PATTERN = /^[a-zA-Z0-9_-]+$/;
export const NAME_MAX_LENGTH = 64;

/** Violations of Bedrock's tool name / toolUse id constraint (`[a-zA-Z0-9_-]+`, length 1..64) at `path`. */
export function nameViolations(value: unknown, path: string, showValue: boolean): string[] {
  const text = typeof value === 'string' ? value : '';
  const shown = showValue ? text : undefined;
  const found: string[] = [];
  if (!NAME_PATTERN.test(text)) {
    found.push(constraintViolation(path, 'satisfy regular expression pattern: [a-zA-Z0-9_-]+', shown));
  }
  if (text.length < 1) found.push(constraintViolation(path, 'have length greater than or equal to 1', shown));
  if (text.length > NAME_MAX_LENGTH) {
    found.push(constraintViolation(path, `have length less than or equal to ${NAME_MAX_LENGTH}`, shown));
  }
  return found;
}
