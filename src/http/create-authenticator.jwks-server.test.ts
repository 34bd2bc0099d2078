import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { type AuthResult, createAuthenticator } from './create-authenticator.ts';
import {
  createSigningKey,
  type JwksServer,
  signTestToken,
  startJwksServer,
  type TestSigningKey,
} from './test-support/jwks-test-issuer.ts';

const ISSUER = 'https://id.example.test/';
const AUDIENCE = 'tokenwise-api';

function expectRefusal(result: AuthResult, reason: RegExp, status = 401): void {
  assert.equal(result.ok, false, `expected a refusal, got ${JSON.stringify(result)}`);
  if (!result.ok) {
    assert.equal(result.status, status);
    assert.match(result.reason, reason);
  }
}

describe('createAuthenticator against a JWKS server on loopback (real RS256 and ES256 keys)', () => {
  let rsa: TestSigningKey;
  let ec: TestSigningKey;
  let rotated: TestSigningKey;
  let server: JwksServer;
  let clock = Date.now();
  const seconds = () => Math.floor(clock / 1000);
  const claims = () => ({ sub: 'user-7', iss: ISSUER, aud: AUDIENCE, exp: seconds() + 300, iat: seconds() });
  const create = () =>
    createAuthenticator({ jwksUrl: server.url, issuer: ISSUER, audience: AUDIENCE, now: () => clock });

  before(async () => {
    [rsa, ec, rotated] = await Promise.all([
      createSigningKey('RS256', 'rsa-2026'),
      createSigningKey('ES256', 'ec-2026'),
      createSigningKey('ES256', 'ec-2027'),
    ]);
    server = await startJwksServer([rsa, ec]);
  });
  after(() => server.close());

  it('accepts ID and access tokens (typ JWT, at+jwt, application/at+jwt or none) from both keys, fetching once', async () => {
    server.setKeys([rsa, ec]);
    const before = server.requests();
    const authenticate = create();
    for (const key of [rsa, ec]) {
      for (const header of [{ typ: 'JWT' }, { typ: 'at+jwt' }, { typ: 'application/at+jwt' }, {}]) {
        const token = await signTestToken(key, claims(), header);
        assert.deepEqual(await authenticate(`Bearer ${token}`), { ok: true, userId: 'user-7' }, JSON.stringify(header));
      }
    }
    assert.equal(server.requests() - before, 1);
  });

  it("refuses tokens the provider signed for another application or another issuer's", async () => {
    const authenticate = create();
    const cases: readonly [Record<string, unknown>, RegExp][] = [
      [{ ...claims(), aud: 'another-app' }, /audience/],
      [{ ...claims(), aud: undefined }, /audience/],
      [{ ...claims(), iss: 'https://other.example.test/' }, /issuer/],
      [{ ...claims(), iss: undefined }, /issuer/],
      [{ ...claims(), exp: seconds() - 61 }, /expired/],
      [{ ...claims(), nbf: seconds() + 120 }, /not valid yet/],
    ];
    for (const [payload, reason] of cases) {
      expectRefusal(await authenticate(`Bearer ${await signTestToken(ec, payload)}`), reason);
    }
    const refreshToken = await signTestToken(rsa, claims(), { typ: 'refresh+jwt' });
    expectRefusal(await authenticate(`Bearer ${refreshToken}`), /"typ"/);
  });

  it('allows 60 s of clock skew with real signatures', async () => {
    const authenticate = create();
    const skewed = { ...claims(), exp: seconds() - 30, iat: seconds() + 30, nbf: seconds() + 30 };
    assert.deepEqual(await authenticate(`Bearer ${await signTestToken(rsa, skewed)}`), { ok: true, userId: 'user-7' });
  });

  it('waits out a cool-down after a failed fetch instead of refetching on every request, before the first load too', async () => {
    server.setKeys([rsa, ec]);
    server.setFailing(true);
    const authenticate = create();
    const token = await signTestToken(rsa, claims());
    const before = server.requests();
    for (let index = 0; index < 20; index += 1) {
      expectRefusal(await authenticate(`Bearer ${token}`), /could not be fetched/, 503);
    }
    assert.equal(server.requests() - before, 1, 'one fetch for 20 requests within the cool-down');
    server.setFailing(false);
    clock += 9_000;
    expectRefusal(await authenticate(`Bearer ${token}`), /could not be fetched/, 503);
    assert.equal(server.requests() - before, 1);
    clock += 1_000;
    const fresh = await signTestToken(rsa, claims());
    assert.deepEqual(await authenticate(`Bearer ${fresh}`), { ok: true, userId: 'user-7' });
    assert.equal(server.requests() - before, 2);
  });

  it('picks up a rotated key and keeps serving the last good set while the endpoint is down', async () => {
    server.setKeys([rsa, ec]);
    const authenticate = create();
    assert.deepEqual(await authenticate(`Bearer ${await signTestToken(ec, claims())}`), { ok: true, userId: 'user-7' });
    server.setKeys([rsa, rotated]);
    clock += 30_000;
    const next = await signTestToken(rotated, claims());
    assert.deepEqual(await authenticate(`Bearer ${next}`), { ok: true, userId: 'user-7' });
    server.setFailing(true);
    clock += 600_000;
    assert.deepEqual(await authenticate(`Bearer ${await signTestToken(rsa, claims())}`), {
      ok: true,
      userId: 'user-7',
    });
    server.setFailing(false);
  });
});
