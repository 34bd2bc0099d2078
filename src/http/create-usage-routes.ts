// GET /v1/usage: the caller's own usage totals (kept after conversations are deleted) and remaining budgets.
import { Hono } from 'hono';
import type { InsightService } from '../turn/create-insight-service.ts';
import type { AppEnv } from './app-env.ts';
import { respondWithError } from './respond-with-error.ts';

export function createUsageRoutes(insights: InsightService | undefined): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/', async (c) => {
    if (insights === undefined) {
      return respondWithError(c, { code: 'service_unavailable', message: 'usage is not configured on this server' });
    }
    const usage = await insights.getUserUsage({ userId: c.get('userId') });
    return c.json(usage, 200, { 'cache-control': 'no-store' });
  });
  return routes;
}
