// Verifies `Authorization: Bearer <JWT>`: HS256 with a shared secret, or RS256/ES256 with keys from a JWKS URL.
import { decodeHeader, verify } from 'hono/utils/jwt/jwt';
import type { HonoJsonWebKey } from 'hono/utils/jwt/jws';
import { AppError } from '../errors.ts';
import { createJwksKeySource, JwksUnavailableError } from './create-jwks-key-source.ts';
import { describeJwtFailure } from './describe-jwt-failure.ts';
import { createVerifiedTokenCache } from './create-verified-token-cache.ts';
import { checkTokenTimes, checkTokenType, DEFAULT_LEEWAY_SECONDS } from './check-token-claims.ts';

/** Shorter secrets are guessable offline from one captured token. */
export const MIN_SECRET_LENGTH = 32;
/** Upper bound on a token we even try to decode. */
const MAX_TOKEN_LENGTH = 8192;
const MAX_SUB_LENGTH = 200;
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;
const JWKS_ALGORITHMS = ['RS256', 'ES256'] as const;

export type AuthOptions = {
  /** HS256 shared secret (≥ 32 characters). Exactly one of jwtSecret and jwksUrl. */
  readonly jwtSecret?: string;
  /** https URL of a JSON Web Key Set (RS256/ES256 keys with `kid`). */
  readonly jwksUrl?: string;
  /** Required `iss`; required with jwksUrl (a provider signs tokens for many applications). */
  readonly issuer?: string;
  /** Required `aud` (one of the token's); required with jwksUrl. */
  readonly audience?: string;
  /** Clock skew allowed for exp, nbf and iat; default 60 s. */
  readonly leewaySeconds?: number;
  /** Fetches the JWKS; defaults to globalThis.fetch. */
  readonly fetch?: typeof fetch;
  readonly jwksCacheSeconds?: number;
  /** After a failed JWKS fetch, no new fetch for this long; default 10 s. */
  readonly jwksFailureCooldownSeconds?: number;
  /** The clock (milliseconds) for remembered tokens' expiry; default Date.now. */
  readonly now?: () => number;
};

export type AuthResult =
  | { readonly ok: true; readonly userId: string }
  | { readonly ok: false; readonly status: 401 | 503; readonly reason: string };

export type Authenticator = (authorization: string | undefined) => Promise<AuthResult>;

/**
 * Builds the verifier once (throws AppError `config_invalid` for a bad configuration). The verifier never throws:
 * every refusal is `{ ok: false, status: 401, reason }` (503 only when the JWKS cannot be fetched at all).
 * A token must carry an accepted `alg` (never `none`) and `typ` (absent, JWT or at+jwt), a valid signature, `exp`
 * (and `nbf`, `iat` if present) within the leeway, the configured `iss` and `aud`, and a `sub` of 1..200 characters.
 */
export function createAuthenticator(options: AuthOptions): Authenticator {
  const resolveKey = createKeyResolver(options);
  const now = options.now ?? Date.now;
  const leewaySeconds = options.leewaySeconds ?? DEFAULT_LEEWAY_SECONDS;
  // Verifying an HS256 signature costs more than the rest of a request's routing; a fixed secret lets a verified token be remembered.
  const verified = options.jwtSecret === undefined ? undefined : createVerifiedTokenCache(now);
  return async (authorization) => {
    const token = /^Bearer +([^\s]+) *$/i.exec(authorization ?? '')?.[1];
    if (authorization === undefined || authorization.trim() === '') {
      return refuse('missing Authorization header; send "Authorization: Bearer <token>"');
    }
    if (token === undefined) return refuse('the Authorization header must be "Bearer <token>"');
    const remembered = verified?.find(token);
    if (remembered === 'expired') return refuse('the token has expired');
    if (remembered !== undefined) return { ok: true, userId: remembered };
    if (token.length > MAX_TOKEN_LENGTH || !JWT_SHAPE.test(token)) {
      return refuse('the bearer token is not a JWT (three base64url parts)');
    }
    let header: { alg?: unknown; kid?: unknown; typ?: unknown };
    try {
      header = decodeHeader(token) as { alg?: unknown; kid?: unknown; typ?: unknown };
    } catch {
      return refuse('the bearer token is not a JWT (its header is not base64url JSON)');
    }
    if (typeof header !== 'object' || header === null || typeof header.alg !== 'string') {
      return refuse('the token header has no "alg"');
    }
    const type = checkTokenType(header.typ);
    if (!type.ok) return refuse(type.reason);
    const key = await resolveKey(header.alg, header.kid);
    if (!key.ok) return key;
    let payload: Record<string, unknown>;
    try {
      // Time claims are checked below, with the leeway, and only once the signature is known to be good.
      payload = await verify(token, key.key, {
        alg: key.alg,
        exp: false,
        nbf: false,
        iat: false,
        ...(type.typ === undefined ? {} : { typ: type.typ }),
        ...(options.issuer === undefined ? {} : { iss: options.issuer }),
        ...(options.audience === undefined ? {} : { aud: options.audience }),
      });
    } catch (error) {
      return refuse(describeJwtFailure(error));
    }
    const nowSeconds = Math.floor(now() / 1000);
    const timeProblem = checkTokenTimes(payload, { nowSeconds, leewaySeconds });
    if (timeProblem !== undefined) return refuse(timeProblem);
    const sub = payload['sub'];
    if (typeof sub !== 'string' || sub.trim() === '' || sub.length > MAX_SUB_LENGTH) {
      return refuse(`the token's "sub" claim must be a non-empty string of at most ${MAX_SUB_LENGTH} characters`);
    }
    verified?.remember(token, { userId: sub, exp: (payload['exp'] as number) + leewaySeconds });
    return { ok: true, userId: sub };
  };
}

type KeyResult = {
  readonly ok: true;
  readonly alg: 'HS256' | 'RS256' | 'ES256';
  readonly key: CryptoKey | HonoJsonWebKey;
} | Extract<AuthResult, { ok: false }>;

function createKeyResolver(options: AuthOptions): (alg: string, kid: unknown) => Promise<KeyResult> {
  const { jwtSecret, jwksUrl } = options;
  if ((jwtSecret === undefined) === (jwksUrl === undefined)) {
    throw new AppError(
      'config_invalid',
      'auth needs exactly one of a JWT secret (AUTH_JWT_SECRET) or a JWKS URL (AUTH_JWKS_URL)',
    );
  }
  if (jwtSecret !== undefined) {
    if (jwtSecret.length < MIN_SECRET_LENGTH) {
      throw new AppError('config_invalid', `the JWT secret must be at least ${MIN_SECRET_LENGTH} characters`);
    }
    const secretKey = importHmacKey(jwtSecret);
    return async (
      alg,
    ) => (alg === 'HS256'
      ? { ok: true, alg, key: await secretKey }
      : refuse(`token algorithm ${quoteAlg(alg)} is not accepted; expected HS256`));
  }
  if (!/^https?:\/\//.test(jwksUrl ?? '')) {
    throw new AppError('config_invalid', 'the JWKS URL must be an http(s) URL');
  }
  if (options.issuer === undefined || options.audience === undefined) {
    throw new AppError(
      'config_invalid',
      'a JWKS needs both an issuer (AUTH_JWT_ISSUER) and an audience (AUTH_JWT_AUDIENCE): without them any token the provider signed for another application would be accepted',
    );
  }
  const keySource = createJwksKeySource({
    url: jwksUrl as string,
    fetch: options.fetch ?? ((input, init) => fetch(input, init)),
    ...(options.jwksCacheSeconds === undefined ? {} : { cacheSeconds: options.jwksCacheSeconds }),
    ...(options.jwksFailureCooldownSeconds === undefined
      ? {}
      : { failureCooldownSeconds: options.jwksFailureCooldownSeconds }),
    ...(options.now === undefined ? {} : { now: options.now }),
  });
  return async (alg, kid) => {
    if (alg !== 'RS256' && alg !== 'ES256') {
      return refuse(`token algorithm ${quoteAlg(alg)} is not accepted; expected ${JWKS_ALGORITHMS.join(' or ')}`);
    }
    if (typeof kid !== 'string' || kid === '') {
      return refuse('the token header has no "kid"; the JWKS needs one to pick a key');
    }
    let key: HonoJsonWebKey | undefined;
    try {
      key = await keySource.getKey(kid);
    } catch (error) {
      if (error instanceof JwksUnavailableError) {
        return { ok: false, status: 503, reason: 'the signing keys could not be fetched; retry shortly' };
      }
      throw error;
    }
    if (key === undefined) return refuse('the token key id is not in the key set');
    if (key.alg !== undefined && key.alg !== alg) {
      return refuse(`token algorithm ${quoteAlg(alg)} does not match its key`);
    }
    return { ok: true, alg, key };
  };
}

/** Imported once as a CryptoKey: a raw string would be sniffed by hono as PEM if it contained "PUBLIC". */
export function importHmacKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
}

function refuse(reason: string): { readonly ok: false; readonly status: 401; readonly reason: string } {
  return { ok: false, status: 401, reason };
}

function quoteAlg(alg: string): string {
  return /^[A-Za-z0-9+]{1,16}$/.test(alg) ? `"${alg}"` : '(unreadable)';
}
