// The Hono app every runtime serves. Routes, auth and error mapping are added here; runtimes only wire dependencies.
import { Hono } from 'hono';
import type { ChatService } from '../turn/chat-service.ts';
import type { Logger } from '../logger.ts';

export type AppDependencies = {
  readonly chat?: ChatService;
  readonly logger: Logger;
  /** Reports whether the store answers; /healthz returns 503 when it does not. */
  readonly checkHealth?: () => Promise<{ readonly ok: boolean; readonly detail?: string }>;
};

/** Builds the app. Pure wiring: no I/O happens until a request arrives. */
export function createApp(deps: AppDependencies): Hono {
  const app = new Hono();
  app.get('/healthz', async (c) => {
    const health = deps.checkHealth === undefined ? { ok: true } : await deps.checkHealth();
    return c.json({ status: health.ok ? 'ok' : 'degraded' }, health.ok ? 200 : 503);
  });
  return app;
}
