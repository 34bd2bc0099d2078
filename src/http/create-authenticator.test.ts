import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sign } from 'hono/utils/jwt/jwt';
import { isAppError } from '../errors.ts';
import { type AuthResult, createAuthenticator } from './create-authenticator.ts';
import { mintDevelopmentToken } from './mint-development-token.ts';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256';
const nowSeconds = () => Math.floor(Date.now() / 1000);
const base64Url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token with any header and payload and a junk signature (for alg none and malformed cases). */
function unsignedToken(header: unknown, payload: unknown, signature = ''): string {
  return `${base64Url(header)}.${base64Url(payload)}.${signature}`;
}

function hs256(payload: Record<string, unknown>, secret = SECRET): Promise<string> {
  return sign(payload, secret, 'HS256');
}

type KeyPair = {
  readonly privateJwk: JsonWebKey & { kid: string; alg: string };
  readonly publicJwk: JsonWebKey & { kid: string; alg: string };
};

async function createKeyPair(alg: 'RS256' | 'ES256', kid: string): Promise<KeyPair> {
  const params = alg === 'RS256'
    ? { name: 'RSASSA-PKCS1-v1_5', modulusLength: 1024, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' }
    : { name: 'ECDSA', namedCurve: 'P-256' };
  const pair = (await crypto.subtle.generateKey(params, true, ['sign', 'verify'])) as CryptoKeyPair;
  const privateJwk = { ...(await crypto.subtle.exportKey('jwk', pair.privateKey)), kid, alg };
  const publicJwk = { ...(await crypto.subtle.exportKey('jwk', pair.publicKey)), kid, alg };
  return { privateJwk, publicJwk };
}

// Generated once, in parallel, and small: RSA key generation takes seconds on a 2-core machine (strength is irrelevant here).
const [rsa, ec, impostor, unknownKid, ecKidAsRsa] = await Promise.all([
  createKeyPair('RS256', 'rsa-1'),
  createKeyPair('ES256', 'ec-1'),
  createKeyPair('RS256', 'rsa-1'),
  createKeyPair('RS256', 'unknown-kid'),
  createKeyPair('RS256', 'ec-1'),
]);

function expectRefusal(result: AuthResult, reason: RegExp, status = 401): void {
  assert.equal(result.ok, false, `expected a refusal, got ${JSON.stringify(result)}`);
  if (!result.ok) {
    assert.equal(result.status, status);
    assert.match(result.reason, reason);
  }
}

describe('createAuthenticator (HS256 secret)', () => {
  const authenticate = createAuthenticator({ jwtSecret: SECRET });
  const valid = { sub: 'user-1', exp: nowSeconds() + 600 };

  it('accepts a valid token and returns its sub as the user id', async () => {
    assert.deepEqual(await authenticate(`Bearer ${await hs256(valid)}`), { ok: true, userId: 'user-1' });
  });

  it('accepts the scheme in any case and the development token', async () => {
    const token = await mintDevelopmentToken({ secret: SECRET, sub: 'dev', ttlSeconds: 60 });
    assert.deepEqual(await authenticate(`bearer ${token}`), { ok: true, userId: 'dev' });
  });

  it('accepts a remembered token again only while it has not expired, and only that exact token', async () => {
    let clock = Date.now();
    const remembering = createAuthenticator({ jwtSecret: SECRET, now: () => clock });
    const token = await hs256({ sub: 'user-3', exp: nowSeconds() + 60 });
    assert.deepEqual(await remembering(`Bearer ${token}`), { ok: true, userId: 'user-3' });
    assert.deepEqual(await remembering(`Bearer ${token}`), { ok: true, userId: 'user-3' });
    const [header, payload, signature] = token.split('.');
    // The first character holds six whole bits of the signature (the last ones may be padding bits a decoder ignores,
    // so a changed ending can decode to the same bytes).
    const tampered = `${signature?.startsWith('A') === true ? 'B' : 'A'}${signature?.slice(1)}`;
    expectRefusal(await remembering(`Bearer ${header}.${payload}.${tampered}`), /signature/);
    clock += 61_000 + 60_000;
    expectRefusal(await remembering(`Bearer ${token}`), /expired/);
  });

  const refusals: readonly (readonly [string, () => Promise<string | undefined>, RegExp])[] = [
    ['a missing header', async () => undefined, /missing Authorization/],
    ['an empty header', async () => '  ', /missing Authorization/],
    ['another scheme', async () => 'Basic dXNlcjpwYXNz', /must be "Bearer <token>"/],
    ['Bearer without a token', async () => 'Bearer ', /must be "Bearer <token>"/],
    ['two tokens', async () => 'Bearer a.b.c d.e.f', /must be "Bearer <token>"/],
    ['a token that is not a JWT', async () => 'Bearer not-a-jwt', /not a JWT/],
    ['a header that is not JSON', async () => 'Bearer bm90IGpzb24.e30.c2ln', /not a JWT/],
    ['an over-long token', async () => `Bearer ${'a'.repeat(9000)}.b.c`, /not a JWT/],
    ['an expired token', async () => `Bearer ${await hs256({ sub: 'u', exp: nowSeconds() - 61 })}`, /expired/],
    ['a non-numeric exp', async () => `Bearer ${await hs256({ sub: 'u', exp: 'tomorrow' })}`, /"exp" claim is not/],
    [
      'a typ that is not a JWT',
      async () => `Bearer ${unsignedToken({ alg: 'HS256', typ: 'dpop+jwt' }, valid, 'abc')}`,
      /"typ"/,
    ],
    ['a token without exp', async () => `Bearer ${await hs256({ sub: 'u' })}`, /no "exp"/],
    [
      'a token not valid yet',
      async () => `Bearer ${await hs256({ ...valid, nbf: nowSeconds() + 61 })}`,
      /not valid yet/,
    ],
    [
      'a token issued in the future',
      async () => `Bearer ${await hs256({ ...valid, iat: nowSeconds() + 61 })}`,
      /issued in the future/,
    ],
    [
      'a wrongly signed token',
      async () => `Bearer ${await hs256(valid, 'another-secret-that-is-long-enough-too!!')}`,
      /signature does not match/,
    ],
    ['a tampered payload', async () => {
      const [header, , signature] = (await hs256(valid)).split('.');
      return `Bearer ${header}.${base64Url({ ...valid, sub: 'admin' })}.${signature}`;
    }, /signature does not match/],
    ['alg none', async () => `Bearer ${unsignedToken({ alg: 'none', typ: 'JWT' }, valid)}`, /"none" is not accepted/],
    [
      'alg NONE with a signature',
      async () => `Bearer ${unsignedToken({ alg: 'NONE' }, valid, 'abc')}`,
      /"NONE" is not accepted/,
    ],
    ['a header without alg', async () => `Bearer ${unsignedToken({ typ: 'JWT' }, valid, 'abc')}`, /no "alg"/],
    ['HS512', async () => `Bearer ${await sign(valid, SECRET, 'HS512')}`, /"HS512" is not accepted; expected HS256/],
    ['RS256', async () => `Bearer ${await sign(valid, rsa.privateJwk)}`, /"RS256" is not accepted/],
    ['a missing sub', async () => `Bearer ${await hs256({ exp: valid.exp })}`, /"sub"/],
    ['an empty sub', async () => `Bearer ${await hs256({ ...valid, sub: '  ' })}`, /"sub"/],
    ['a numeric sub', async () => `Bearer ${await hs256({ ...valid, sub: 42 })}`, /"sub"/],
    ['a sub over 200 characters', async () => `Bearer ${await hs256({ ...valid, sub: 'u'.repeat(201) })}`, /"sub"/],
    [
      'a crit header',
      async () => `Bearer ${unsignedToken({ alg: 'HS256', crit: ['x'] }, valid, 'abc')}`,
      /header is not accepted/,
    ],
  ];
  for (const [name, header, reason] of refusals) {
    it(`refuses ${name} with 401`, async () => expectRefusal(await authenticate(await header()), reason));
  }

  it('accepts a sub of exactly 200 characters', async () => {
    const sub = 'u'.repeat(200);
    assert.deepEqual(await authenticate(`Bearer ${await hs256({ ...valid, sub })}`), { ok: true, userId: sub });
  });
});

describe('createAuthenticator (clock-skew leeway)', () => {
  const clock = 1_800_000_000;
  const at = (leewaySeconds?: number) =>
    createAuthenticator({
      jwtSecret: SECRET,
      now: () => clock * 1000,
      ...(leewaySeconds === undefined ? {} : { leewaySeconds }),
    });

  it('accepts exp, nbf and iat up to 60 s off by default, and refuses beyond', async () => {
    const authenticate = at();
    const skewed = { sub: 'u', exp: clock - 59, nbf: clock + 59, iat: clock + 59 };
    assert.deepEqual(await authenticate(`Bearer ${await hs256(skewed)}`), { ok: true, userId: 'u' });
    expectRefusal(await authenticate(`Bearer ${await hs256({ ...skewed, exp: clock - 60 })}`), /expired/);
    expectRefusal(await authenticate(`Bearer ${await hs256({ ...skewed, nbf: clock + 61 })}`), /not valid yet/);
    expectRefusal(await authenticate(`Bearer ${await hs256({ ...skewed, iat: clock + 61 })}`), /issued in the future/);
  });

  it('applies a configured leeway, zero included', async () => {
    const strict = at(0);
    expectRefusal(await strict(`Bearer ${await hs256({ sub: 'u', exp: clock })}`), /expired/);
    expectRefusal(await strict(`Bearer ${await hs256({ sub: 'u', exp: clock + 60, iat: clock + 1 })}`), /future/);
    const lenient = at(300);
    assert.deepEqual(await lenient(`Bearer ${await hs256({ sub: 'u', exp: clock - 299 })}`), { ok: true, userId: 'u' });
  });
});

describe('createAuthenticator (token types)', () => {
  const authenticate = createAuthenticator({ jwtSecret: SECRET });
  const payload = { sub: 'u', exp: nowSeconds() + 600 };

  async function typed(typ: unknown): Promise<string> {
    const header = base64Url({ alg: 'HS256', typ });
    const body = base64Url(payload);
    const key = await crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(SECRET),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    );
    const signature = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${header}.${body}`));
    return `Bearer ${header}.${body}.${Buffer.from(signature).toString('base64url')}`;
  }

  for (const typ of ['JWT', 'jwt', 'at+jwt', 'at+JWT', 'application/at+jwt', 'application/jwt']) {
    it(`accepts typ ${typ}`, async () => {
      assert.deepEqual(await authenticate(await typed(typ)), { ok: true, userId: 'u' });
    });
  }
  for (const typ of ['dpop+jwt', 'secevent+jwt', 'JOSE', '', 42, ['JWT']]) {
    it(`refuses typ ${JSON.stringify(typ)}`, async () => expectRefusal(await authenticate(await typed(typ)), /"typ"/));
  }
});

describe('createAuthenticator (issuer and audience)', () => {
  const authenticate = createAuthenticator({ jwtSecret: SECRET, issuer: 'https://issuer.test', audience: 'tokenwise' });
  const base = { sub: 'u', exp: nowSeconds() + 600 };

  it('accepts a token with the configured issuer and audience', async () => {
    const token = await hs256({ ...base, iss: 'https://issuer.test', aud: ['other', 'tokenwise'] });
    assert.deepEqual(await authenticate(`Bearer ${token}`), { ok: true, userId: 'u' });
  });

  it('refuses another issuer, a missing issuer, another audience and a missing audience', async () => {
    expectRefusal(
      await authenticate(`Bearer ${await hs256({ ...base, iss: 'https://evil.test', aud: 'tokenwise' })}`),
      /issuer/,
    );
    expectRefusal(await authenticate(`Bearer ${await hs256({ ...base, aud: 'tokenwise' })}`), /issuer/);
    expectRefusal(
      await authenticate(`Bearer ${await hs256({ ...base, iss: 'https://issuer.test', aud: 'other' })}`),
      /audience/,
    );
    expectRefusal(await authenticate(`Bearer ${await hs256({ ...base, iss: 'https://issuer.test' })}`), /audience/);
  });
});

describe('createAuthenticator (JWKS)', () => {
  const valid = { sub: 'user-2', exp: nowSeconds() + 600, iss: 'https://issuer.test', aud: 'tokenwise' };
  const checks = { issuer: 'https://issuer.test', audience: 'tokenwise' };

  function createJwksFetch(body: unknown, status = 200): { fetch: typeof fetch; calls: string[] } {
    const calls: string[] = [];
    const fetchKeys = (async (input: RequestInfo | URL) => {
      calls.push(String(input));
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    return { fetch: fetchKeys, calls };
  }

  it('accepts RS256 and ES256 tokens whose kid is in the key set, fetching the set once', async () => {
    const jwks = createJwksFetch({ keys: [rsa.publicJwk, ec.publicJwk] });
    const authenticate = createAuthenticator({
      ...checks,
      jwksUrl: 'https://issuer.test/jwks.json',
      fetch: jwks.fetch,
    });
    assert.deepEqual(await authenticate(`Bearer ${await sign(valid, rsa.privateJwk)}`), { ok: true, userId: 'user-2' });
    assert.deepEqual(await authenticate(`Bearer ${await sign(valid, ec.privateJwk)}`), { ok: true, userId: 'user-2' });
    assert.deepEqual(jwks.calls, ['https://issuer.test/jwks.json']);
  });

  it('refuses HS256 (even signed with a public key as secret), alg none, unknown kids and missing kids', async () => {
    const jwks = createJwksFetch({ keys: [rsa.publicJwk] });
    const authenticate = createAuthenticator({
      ...checks,
      jwksUrl: 'https://issuer.test/jwks.json',
      fetch: jwks.fetch,
    });
    expectRefusal(
      await authenticate(`Bearer ${await hs256(valid)}`),
      /"HS256" is not accepted; expected RS256 or ES256/,
    );
    expectRefusal(
      await authenticate(`Bearer ${await sign(valid, JSON.stringify(rsa.publicJwk).padEnd(40, ' '), 'HS256')}`),
      /"HS256" is not accepted/,
    );
    expectRefusal(
      await authenticate(`Bearer ${unsignedToken({ alg: 'none', kid: 'rsa-1' }, valid)}`),
      /"none" is not accepted/,
    );
    expectRefusal(
      await authenticate(`Bearer ${await sign(valid, unknownKid.privateJwk)}`),
      /key id is not in the key set/,
    );
    expectRefusal(await authenticate(`Bearer ${unsignedToken({ alg: 'RS256' }, valid, 'abc')}`), /no "kid"/);
  });

  it('refuses a token signed by another key under a known kid, and an alg that does not match the key', async () => {
    const jwks = createJwksFetch({ keys: [rsa.publicJwk, ec.publicJwk] });
    const authenticate = createAuthenticator({
      ...checks,
      jwksUrl: 'https://issuer.test/jwks.json',
      fetch: jwks.fetch,
    });
    expectRefusal(await authenticate(`Bearer ${await sign(valid, impostor.privateJwk)}`), /signature does not match/);
    expectRefusal(await authenticate(`Bearer ${await sign(valid, ecKidAsRsa.privateJwk)}`), /does not match its key/);
  });

  it('refuses expired JWKS tokens like HS256 ones', async () => {
    const jwks = createJwksFetch({ keys: [rsa.publicJwk] });
    const authenticate = createAuthenticator({
      ...checks,
      jwksUrl: 'https://issuer.test/jwks.json',
      fetch: jwks.fetch,
    });
    expectRefusal(
      await authenticate(`Bearer ${await sign({ ...valid, exp: nowSeconds() - 65 }, rsa.privateJwk)}`),
      /expired/,
    );
    expectRefusal(
      await authenticate(
        `Bearer ${await sign({ sub: 'u', iss: checks.issuer, aud: checks.audience }, rsa.privateJwk)}`,
      ),
      /no "exp"/,
    );
  });

  it('answers 503 when the key set cannot be fetched at all', async () => {
    const down = createJwksFetch({ message: 'down' }, 500);
    const authenticate = createAuthenticator({
      ...checks,
      jwksUrl: 'https://issuer.test/jwks.json',
      fetch: down.fetch,
    });
    expectRefusal(await authenticate(`Bearer ${await sign(valid, rsa.privateJwk)}`), /could not be fetched/, 503);
    const broken = createJwksFetch({ nokeys: true });
    const authenticateBroken = createAuthenticator({
      ...checks,
      jwksUrl: 'https://issuer.test/jwks.json',
      fetch: broken.fetch,
    });
    expectRefusal(await authenticateBroken(`Bearer ${await sign(valid, rsa.privateJwk)}`), /could not be fetched/, 503);
  });
});

describe('createAuthenticator (configuration)', () => {
  const cases: readonly (readonly [string, Parameters<typeof createAuthenticator>[0], RegExp])[] = [
    ['neither key source', {}, /exactly one/],
    ['both key sources', { jwtSecret: SECRET, jwksUrl: 'https://issuer.test/jwks' }, /exactly one/],
    ['a short secret', { jwtSecret: 'short' }, /at least 32/],
    ['a JWKS URL that is not http(s)', { jwksUrl: 'file:///etc/keys' }, /http\(s\) URL/],
    [
      'a JWKS without issuer and audience',
      { jwksUrl: 'https://issuer.test/jwks' },
      /AUTH_JWT_ISSUER.*AUTH_JWT_AUDIENCE/,
    ],
    [
      'a JWKS without audience',
      { jwksUrl: 'https://issuer.test/jwks', issuer: 'i' },
      /AUTH_JWT_ISSUER.*AUTH_JWT_AUDIENCE/,
    ],
  ];
  for (const [name, options, message] of cases) {
    it(`throws config_invalid for ${name}`, () => {
      assert.throws(
        () => createAuthenticator(options),
        (error: unknown) => isAppError(error, 'config_invalid') && message.test(error.message),
      );
    });
  }
});
