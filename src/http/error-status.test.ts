import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { HTTPException } from 'hono/http-exception';
import { AppError } from '../errors.ts';
import { describeError, ERROR_STATUS } from './error-status.ts';

describe('ERROR_STATUS', () => {
  it('maps the codes the API promises to their statuses', () => {
    const expected = {
      not_found: 404,
      conflict: 409,
      unauthorized: 401,
      bad_request: 400,
      payload_too_large: 413,
      over_budget: 422,
      model_throttled: 429,
      model_unavailable: 503,
      model_timeout: 504,
      model_rejected: 502,
      model_error: 502,
      store_busy: 503,
    };
    for (const [code, status] of Object.entries(expected)) {
      assert.equal(ERROR_STATUS[code as keyof typeof ERROR_STATUS], status, code);
    }
  });

  it('gives every code an error status (4xx or 5xx)', () => {
    for (const [code, status] of Object.entries(ERROR_STATUS)) assert.ok(status >= 400 && status <= 599, code);
  });
});

describe('describeError', () => {
  it('keeps the message of client errors and hides the message of server errors', () => {
    assert.deepEqual(describeError(new AppError('conflict', 'a turn is still running')), {
      status: 409,
      code: 'conflict',
      message: 'a turn is still running',
      unexpected: false,
    });
    const hidden = describeError(new AppError('store_error', 'SQLITE_CORRUPT at /var/db/file'));
    assert.equal(hidden.status, 500);
    assert.doesNotMatch(hidden.message, /SQLITE|var/);
    assert.equal(hidden.unexpected, true);
  });

  it('sets Retry-After seconds for throttling (default or from details) and ignores nonsense details', () => {
    assert.equal(describeError(new AppError('model_throttled', 'x')).retryAfterSeconds, 5);
    assert.equal(
      describeError(new AppError('model_throttled', 'x', { details: { retryAfterSeconds: 30 } })).retryAfterSeconds,
      30,
    );
    assert.equal(
      describeError(new AppError('model_throttled', 'x', { details: { retryAfterSeconds: -1 } })).retryAfterSeconds,
      5,
    );
    assert.equal(
      describeError(new AppError('model_throttled', 'x', { details: { retryAfterSeconds: 'soon' } })).retryAfterSeconds,
      5,
    );
    assert.equal(describeError(new AppError('conflict', 'x')).retryAfterSeconds, undefined);
  });

  it('describes hono HTTP exceptions by status and everything else as a 500 internal', () => {
    assert.deepEqual(describeError(new HTTPException(413, { message: 'too big' })), {
      status: 413,
      code: 'payload_too_large',
      message: 'too big',
      unexpected: false,
    });
    for (
      const thrown of [new Error('secret'), 'a string', null, undefined, { code: 'not_found' }, new HTTPException(418)]
    ) {
      const description = describeError(thrown);
      assert.equal(description.status, 500);
      assert.equal(description.code, 'internal');
      assert.doesNotMatch(description.message, /secret/);
    }
  });
});
