// The Hono app every runtime serves. Routes, auth and error mapping live here; runtimes only wire dependencies.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Logger } from '../logger.ts';
import type { ChatService } from '../turn/chat-service.ts';
import type { ConsoleService, InsightService } from '../turn/create-insight-service.ts';
import type { AppEnv } from './app-env.ts';
import { type AuthOptions, createAuthenticator } from './create-authenticator.ts';
import { createConsolePageRoutes, createConsoleRoutes } from './console/create-console-routes.ts';
import { createConversationRoutes } from './create-conversation-routes.ts';
import { createUsageRoutes } from './create-usage-routes.ts';
import { findAllowedMethods } from './find-allowed-methods.ts';
import { OPENAPI_DOCUMENT } from './openapi/openapi-document.ts';
import { reportError } from './report-error.ts';
import { DEFAULT_MAX_TEXT_CHARS } from './request-schemas.ts';
import { requireUser } from './require-user.ts';
import { respondWithError } from './respond-with-error.ts';
import { trackRequests } from './track-requests.ts';

/** Matches MAX_BODY_BYTES' default in configuration: a 32k-character message fits, a runaway upload does not. */
export const DEFAULT_MAX_BODY_BYTES = 65_536;

export type AppDependencies = {
  readonly chat?: ChatService;
  /** The caller's usage and budgets (GET /v1/usage) and the console's data. */
  readonly insights?: InsightService;
  /** The console's data (GET /v1/console/…); the page itself (GET /console) is always served. */
  readonly console?: ConsoleService;
  readonly logger: Logger;
  /** Reports whether the store answers; /healthz returns 503 when it does not. */
  readonly checkHealth?: () => Promise<{ readonly ok: boolean; readonly detail?: string }>;
  /** How bearer tokens are verified. Without it every /v1 route answers 503. */
  readonly auth?: AuthOptions;
  /** Request bodies over this many bytes get 413 (default DEFAULT_MAX_BODY_BYTES). */
  readonly maxBodyBytes?: number;
  /** Message texts over this many UTF-16 code units get 413 (default DEFAULT_MAX_TEXT_CHARS). */
  readonly maxTextChars?: number;
  /** Defaults to crypto.randomUUID. */
  readonly createRequestId?: () => string;
  /** Millisecond clock for request durations; defaults to performance.now. */
  readonly now?: () => number;
};

/**
 * Builds the app. Pure wiring: no I/O happens until a request arrives. Throws AppError `config_invalid` when
 * `auth` is unusable (no or two key sources, a short secret), so a bad deployment fails at start.
 * Every answer carries `x-request-id`; every error is `{ error: { code, message, requestId } }`.
 */
export function createApp(deps: AppDependencies): Hono {
  const app = new Hono<AppEnv>();
  const authenticate = deps.auth === undefined ? undefined : createAuthenticator(deps.auth);
  const maxBodyBytes = deps.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;

  app.use(
    '*',
    trackRequests({
      logger: deps.logger,
      createRequestId: deps.createRequestId ?? (() => crypto.randomUUID()),
      now: deps.now ?? (() => performance.now()),
    }),
  );

  app.get('/healthz', async (c) => {
    let health: { readonly ok: boolean };
    try {
      health = deps.checkHealth === undefined ? { ok: true } : await deps.checkHealth();
    } catch (error) {
      reportError(deps.logger, error, c.get('requestId'));
      health = { ok: false };
    }
    return c.json({ status: health.ok ? 'ok' : 'degraded' }, health.ok ? 200 : 503);
  });

  app.get('/openapi.json', (c) => c.json(OPENAPI_DOCUMENT));
  app.route('/console', createConsolePageRoutes());

  app.use('/v1/*', requireUser(authenticate));
  app.use(
    '/v1/*',
    bodyLimit({
      maxSize: maxBodyBytes,
      onError: (c) =>
        respondWithError(c, { code: 'payload_too_large', message: `the request body is over ${maxBodyBytes} bytes` }),
    }),
  );
  app.route(
    '/v1/conversations',
    createConversationRoutes({
      chat: deps.chat,
      logger: deps.logger,
      maxTextChars: deps.maxTextChars ?? DEFAULT_MAX_TEXT_CHARS,
    }),
  );

  app.route('/v1/usage', createUsageRoutes(deps.insights));
  app.route('/v1/console', createConsoleRoutes(deps.console));

  app.notFound((c) => {
    const allowed = findAllowedMethods(c.req.path);
    if (allowed.length === 0) {
      return respondWithError(c, {
        code: 'not_found',
        message: `no route ${c.req.method} ${c.req.path.slice(0, 200)}`,
      });
    }
    return respondWithError(c, {
      code: 'method_not_allowed',
      message: `${c.req.method.slice(0, 20)} is not allowed here; use ${allowed.join(', ')}`,
      headers: { allow: allowed.join(', ') },
    });
  });

  app.onError((error, c) => {
    const failure = reportError(deps.logger, error, c.get('requestId') ?? 'unknown');
    return respondWithError(c, {
      code: failure.code,
      message: failure.message,
      status: failure.status,
      ...(failure.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: failure.retryAfterSeconds }),
    });
  });

  // Runtimes only call fetch/request: the plain type keeps their annotations working while the context stays typed inside.
  return app as unknown as Hono;
}
