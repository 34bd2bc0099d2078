// The console: the page and its scripts (public: they hold no data), and the JSON routes it reads under /v1/console
// (behind the bearer auth of every /v1 route).
import { Hono } from 'hono';
import * as v from 'valibot';
import type { ConsoleService } from '../../turn/create-insight-service.ts';
import type { AppEnv } from '../app-env.ts';
import { ConversationIdSchema } from '../request-schemas.ts';
import { respondWithError } from '../respond-with-error.ts';
import { CHART_JS_SOURCE } from './chart-library.ts';
import { CONSOLE_HTML } from './console-page.ts';
import { CONSOLE_SCRIPT } from './console-script.ts';

/** The page loads only its own scripts and talks only to this origin. */
const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
};
const SCRIPT_HEADERS = {
  'content-type': 'text/javascript; charset=utf-8',
  'cache-control': 'public, max-age=3600',
  'x-content-type-options': 'nosniff',
};

/** GET /console, /console/app.js, /console/chart.js (chart.js embedded at build time: never a CDN). */
export function createConsolePageRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/', (c) => c.body(CONSOLE_HTML, 200, PAGE_HEADERS));
  routes.get('/app.js', (c) => c.body(CONSOLE_SCRIPT, 200, SCRIPT_HEADERS));
  routes.get('/chart.js', (c) => c.body(CHART_JS_SOURCE, 200, SCRIPT_HEADERS));
  return routes;
}

const LimitSchema = v.optional(
  v.pipe(
    v.string(),
    v.regex(/^[0-9]{1,4}$/, 'limit must be a whole number from 1 to 1000'),
    v.transform(Number),
    v.minValue(1, 'limit must be a whole number from 1 to 1000'),
    v.maxValue(1_000, 'limit must be a whole number from 1 to 1000'),
  ),
);

/** GET /v1/console/conversations and GET /v1/console/conversations/:id/turns (`?limit=` 1-1000, default 200). */
export function createConsoleRoutes(service: ConsoleService | undefined): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  if (service === undefined) {
    routes.all(
      '*',
      (c) =>
        respondWithError(c, { code: 'service_unavailable', message: 'the console is not configured on this server' }),
    );
    return routes;
  }
  routes.get('/conversations', async (c) => {
    const limit = v.safeParse(LimitSchema, c.req.query('limit'));
    if (!limit.success) return respondWithError(c, { code: 'bad_request', message: limit.issues[0].message });
    const listed = await service.listConsoleConversations({
      userId: c.get('userId'),
      ...(limit.output === undefined ? {} : { limit: limit.output }),
    });
    return c.json(listed, 200, { 'cache-control': 'no-store' });
  });
  routes.get('/conversations/:id/turns', async (c) => {
    const id = c.req.param('id');
    if (!v.is(ConversationIdSchema, id)) {
      return respondWithError(c, { code: 'not_found', message: 'conversation not found' });
    }
    const limit = v.safeParse(LimitSchema, c.req.query('limit'));
    if (!limit.success) return respondWithError(c, { code: 'bad_request', message: limit.issues[0].message });
    const turns = await service.getConsoleTurns({
      userId: c.get('userId'),
      conversationId: id,
      ...(limit.output === undefined ? {} : { limit: limit.output }),
    });
    return c.json(turns, 200, { 'cache-control': 'no-store' });
  });
  return routes;
}
