// translateBedrockError: exception names map to our codes; a name the table does not own falls back to model_error.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '../errors.ts';
import { translateBedrockError } from './translate-bedrock-error.ts';

function named(name: string, message = 'failed'): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

describe('translateBedrockError', () => {
  it('maps known exception names and network failures', () => {
    assert.equal(translateBedrockError(named('ThrottlingException')).code, 'model_throttled');
    assert.equal(translateBedrockError(named('AccessDeniedException')).code, 'model_access_denied');
    assert.equal(translateBedrockError(new TypeError('fetch failed')).code, 'model_unavailable');
  });
  it('answers model_error for names that are Object.prototype members', () => {
    for (const name of [...Object.getOwnPropertyNames(Object.prototype), '__proto__']) {
      const error = translateBedrockError(named(name));
      assert.ok(error instanceof AppError);
      assert.equal(error.code, 'model_error', name);
    }
  });
  it('masks credentials Bedrock names in its message, keeping the words an operator needs', () => {
    const error = translateBedrockError(
      named(
        'UnrecognizedClientException',
        'The security token included in the request is invalid. Key AKIAIOSFODNN7EXAMPLE via https://u:pw@proxy.example',
      ),
    );
    assert.equal(
      error.message,
      'Bedrock UnrecognizedClientException: The security token included in the request is invalid. Key [redacted] via https://[redacted]@proxy.example',
    );
  });
});
