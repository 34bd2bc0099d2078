// Remembers HS256 tokens that passed full verification, so a client's next request skips the signature check.
/** Tokens remembered per process: about one per active client; the oldest is forgotten first. */
const MAX_ENTRIES = 2_000;

export type VerifiedTokenCache = {
  /** The user of a remembered, unexpired token; 'expired' once its `exp` has passed; undefined when not remembered. */
  find(token: string): string | 'expired' | undefined;
  remember(token: string, entry: { readonly userId: string; readonly exp: number }): void;
};

/**
 * A token is remembered by its exact text, so only the very string that verified is accepted again, and only while
 * `exp` (seconds) is in the future by `now` (milliseconds; default Date.now), as the full check demands. Everything else
 * the full check verified (signature, alg, iss, aud, nbf and iat, which only move into the past) cannot change for one
 * string under one secret. For a fixed HS256 secret only: keys from a JWKS may be withdrawn.
 */
export function createVerifiedTokenCache(now: () => number = Date.now): VerifiedTokenCache {
  const entries = new Map<string, { readonly userId: string; readonly exp: number }>();
  return {
    find(token) {
      const entry = entries.get(token);
      if (entry === undefined) return undefined;
      if (entry.exp <= Math.floor(now() / 1000)) {
        entries.delete(token);
        return 'expired';
      }
      return entry.userId;
    },
    remember(token, entry) {
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
      entries.set(token, entry);
    },
  };
}
