// Gives each request an id (`x-request-id`) and writes exactly one structured log line when it is answered.
import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { Logger } from '../logger.ts';
import type { AppEnv } from './app-env.ts';
import { resolveRequestId } from './resolve-request-id.ts';

export type TrackRequestsOptions = {
  readonly logger: Logger;
  readonly createRequestId: () => string;
  /** Milliseconds from any fixed origin (durations only). */
  readonly now: () => number;
};

/**
 * Logs `{ event: "http_request", requestId, method, route, status, durationMs, userHash? }`.
 * Never logs headers, bodies, query strings or the user id itself (a SHA-256 prefix instead).
 */
export function trackRequests(options: TrackRequestsOptions): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = options.now();
    const requestId = resolveRequestId(c.req.header('x-request-id'), options.createRequestId);
    c.set('requestId', requestId);
    c.header('x-request-id', requestId);
    await next();
    setHeader(c.res, 'x-request-id', requestId);
    const userId = c.get('userId');
    const route = matchedRoutes(c).findLast((r) => r.method !== 'ALL')?.path ?? '(unmatched)';
    options.logger.log('info', 'http_request', {
      requestId,
      method: c.req.method,
      route,
      status: c.res.status,
      durationMs: Math.round((options.now() - started) * 10) / 10,
      ...(userId === undefined ? {} : { userHash: await hashUserId(userId) }),
    });
  };
}

function setHeader(response: Response, name: string, value: string): void {
  try {
    response.headers.set(name, value);
  } catch {
    // Immutable headers (a response passed through from fetch): the id is still in the log.
  }
}

/** User hashes remembered (least recently used dropped first): a busy user is hashed once, not on every request. */
const MAX_USER_HASHES = 10_000;
const userHashes = new Map<string, string>();

/** First 16 hex digits of SHA-256(userId): lets an operator follow one user without logging who it is. */
async function hashUserId(userId: string): Promise<string> {
  const known = userHashes.get(userId);
  if (known !== undefined) {
    userHashes.delete(userId);
    userHashes.set(userId, known);
    return known;
  }
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(userId));
  const hash = Array.from(new Uint8Array(digest).slice(0, 8), (byte) => byte.toString(16).padStart(2, '0')).join('');
  userHashes.set(userId, hash);
  if (userHashes.size > MAX_USER_HASHES) userHashes.delete(userHashes.keys().next().value as string);
  return hash;
}
