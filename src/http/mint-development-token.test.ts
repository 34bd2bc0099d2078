import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { decode } from 'hono/utils/jwt/jwt';
import { isAppError } from '../errors.ts';
import { createAuthenticator } from './create-authenticator.ts';
import { mintDevelopmentToken } from './mint-development-token.ts';

const SECRET = 'development-secret-of-at-least-32-chars';

describe('mintDevelopmentToken', () => {
  it('signs an HS256 token with sub, iat and exp = iat + ttl', async () => {
    const token = await mintDevelopmentToken({
      secret: SECRET,
      sub: 'dev-user',
      ttlSeconds: 3600,
      now: new Date('2026-01-01T00:00:00Z'),
    });
    const { header, payload } = decode(token);
    assert.deepEqual(header, { alg: 'HS256', typ: 'JWT' });
    assert.deepEqual(payload, { sub: 'dev-user', iat: 1767225600, exp: 1767229200 });
  });

  it('produces a token the authenticator with the same secret, issuer and audience accepts', async () => {
    const token = await mintDevelopmentToken({
      secret: SECRET,
      sub: 'dev-user',
      ttlSeconds: 60,
      issuer: 'tokenwise-dev',
      audience: 'app',
    });
    const authenticate = createAuthenticator({ jwtSecret: SECRET, issuer: 'tokenwise-dev', audience: 'app' });
    assert.deepEqual(await authenticate(`Bearer ${token}`), { ok: true, userId: 'dev-user' });
    const other = createAuthenticator({ jwtSecret: `${SECRET}-other` });
    assert.equal((await other(`Bearer ${token}`)).ok, false);
  });

  const invalid: readonly (readonly [string, Parameters<typeof mintDevelopmentToken>[0]])[] = [
    ['a short secret', { secret: 'short', sub: 'u', ttlSeconds: 60 }],
    ['an empty sub', { secret: SECRET, sub: ' ', ttlSeconds: 60 }],
    ['a long sub', { secret: SECRET, sub: 'u'.repeat(201), ttlSeconds: 60 }],
    ['a zero ttl', { secret: SECRET, sub: 'u', ttlSeconds: 0 }],
    ['a fractional ttl', { secret: SECRET, sub: 'u', ttlSeconds: 1.5 }],
    ['a ttl over a year', { secret: SECRET, sub: 'u', ttlSeconds: 366 * 24 * 3600 }],
  ];
  for (const [name, options] of invalid) {
    it(`refuses ${name} with config_invalid`, async () => {
      await assert.rejects(mintDevelopmentToken(options), (error: unknown) => isAppError(error, 'config_invalid'));
    });
  }
});
