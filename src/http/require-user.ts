// Middleware: only requests with a valid bearer token get through; the token's `sub` becomes `userId`.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.ts';
import type { Authenticator } from './create-authenticator.ts';
import { respondWithError } from './respond-with-error.ts';

/** Answers 401 JSON for every refused token (503 if auth is not configured or keys cannot be fetched). */
export function requireUser(authenticate: Authenticator | undefined): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (authenticate === undefined) {
      return respondWithError(c, {
        code: 'service_unavailable',
        message: 'authentication is not configured on this server (AUTH_JWT_SECRET or AUTH_JWKS_URL)',
      });
    }
    const result = await authenticate(c.req.header('authorization'));
    if (!result.ok) {
      const unavailable = result.status === 503;
      return respondWithError(c, {
        code: unavailable ? 'service_unavailable' : 'unauthorized',
        message: result.reason,
        ...(unavailable ? { retryAfterSeconds: 5 } : {}),
      });
    }
    c.set('userId', result.userId);
    await next();
  };
}
