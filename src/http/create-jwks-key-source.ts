// Public keys from a JWKS URL, fetched through an injected fetch and cached; an unknown key id triggers one refresh.
// A failed fetch is not retried for a cool-down, before the first success too, so a down issuer is not hammered.
import type { HonoJsonWebKey } from 'hono/utils/jwt/jws';

/** Keys are refetched after this long even when every token's key id is known (rotation). */
const DEFAULT_CACHE_SECONDS = 600;
/** An unknown key id refreshes the set at most this often, so forged key ids cannot hammer the issuer. */
const DEFAULT_REFRESH_COOLDOWN_SECONDS = 30;
/** After a failed fetch no request refetches for this long: requests meanwhile get 503 (or the last good set). */
const DEFAULT_FAILURE_COOLDOWN_SECONDS = 10;
/** A JWKS endpoint that does not answer in this time counts as unavailable. */
const FETCH_TIMEOUT_MS = 5000;
/** More keys than this in one set is not a real issuer. */
const MAX_KEYS = 100;

export type JwksKeySourceOptions = {
  readonly url: string;
  readonly fetch: typeof fetch;
  /** Milliseconds since the epoch; defaults to Date.now. */
  readonly now?: () => number;
  readonly cacheSeconds?: number;
  readonly refreshCooldownSeconds?: number;
  readonly failureCooldownSeconds?: number;
};

export type JwksKeySource = {
  /** The key with this `kid`, or undefined. Throws JwksUnavailableError when no key set could ever be fetched. */
  getKey(kid: string): Promise<HonoJsonWebKey | undefined>;
};

export class JwksUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'JwksUnavailableError';
  }
}

/**
 * Caches the key set for `cacheSeconds`; concurrent callers share one fetch. When a refresh fails the last good
 * set keeps serving, so a flaky issuer does not log everyone out.
 */
export function createJwksKeySource(options: JwksKeySourceOptions): JwksKeySource {
  const now = options.now ?? Date.now;
  const cacheMs = (options.cacheSeconds ?? DEFAULT_CACHE_SECONDS) * 1000;
  const cooldownMs = (options.refreshCooldownSeconds ?? DEFAULT_REFRESH_COOLDOWN_SECONDS) * 1000;
  const failureCooldownMs = (options.failureCooldownSeconds ?? DEFAULT_FAILURE_COOLDOWN_SECONDS) * 1000;
  let keys: readonly HonoJsonWebKey[] | undefined;
  let fetchedAt = Number.NEGATIVE_INFINITY;
  let attemptedAt = Number.NEGATIVE_INFINITY;
  let failedAt = Number.NEGATIVE_INFINITY;
  let lastFailure: unknown;
  let inFlight: Promise<void> | undefined;

  function refresh(): Promise<void> {
    if (inFlight === undefined && now() - failedAt < failureCooldownMs) {
      if (keys !== undefined) return Promise.resolve();
      return Promise.reject(
        new JwksUnavailableError('the JWKS fetch failed recently; waiting', { cause: lastFailure }),
      );
    }
    inFlight ??= (async () => {
      attemptedAt = now();
      try {
        keys = await fetchKeySet(options.url, options.fetch);
        fetchedAt = now();
      } catch (error) {
        failedAt = now();
        lastFailure = error;
        if (keys === undefined) throw error;
      } finally {
        inFlight = undefined;
      }
    })();
    return inFlight;
  }

  return {
    async getKey(kid) {
      const stale = now() - fetchedAt >= cacheMs && now() - attemptedAt >= cooldownMs;
      if (keys === undefined || stale) await refresh();
      let key = keys?.find((candidate) => candidate.kid === kid);
      if (key === undefined && now() - attemptedAt >= cooldownMs) {
        await refresh();
        key = keys?.find((candidate) => candidate.kid === kid);
      }
      return key;
    },
  };
}

async function fetchKeySet(url: string, fetchFunction: typeof fetch): Promise<readonly HonoJsonWebKey[]> {
  let body: unknown;
  try {
    const response = await fetchFunction(url, {
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      headers: { accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`status ${response.status}`);
    body = await response.json();
  } catch (error) {
    throw new JwksUnavailableError('could not fetch the JWKS', { cause: error });
  }
  const list = (body as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(list)) throw new JwksUnavailableError('the JWKS has no "keys" array');
  return list
    .filter((key): key is HonoJsonWebKey =>
      typeof key === 'object' && key !== null && typeof key.kid === 'string' && (key.kty === 'RSA' || key.kty === 'EC')
    )
    .slice(0, MAX_KEYS);
}
