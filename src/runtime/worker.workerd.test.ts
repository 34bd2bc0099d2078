// Runs inside workerd (vitest-pool-workers): the worker's own entry, with vitest.workers.config.ts's loopback bindings.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import worker from './worker.ts';

describe('worker', () => {
  it('answers /healthz through its default export with 503 degraded JSON while the remote database is down', async () => {
    const response = await exports.default.fetch('https://tokenwise.test/healthz');
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ status: 'degraded' });
  });

  it('serves the console page and chart.js from the worker itself (no CDN), with no data and no token', async () => {
    const page = await exports.default.fetch('https://tokenwise.test/console');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<script src="/console/chart.js"></script>');
    const chart = await exports.default.fetch('https://tokenwise.test/console/chart.js');
    expect(chart.status).toBe(200);
    expect(await chart.text()).toMatch(/Chart\.js v\d+/);
  });

  it('reads its configuration from the bindings', () => {
    expect(env).toMatchObject({ DATABASE_URL: 'http://127.0.0.1:9', BEDROCK_ENDPOINT: 'http://127.0.0.1:9' });
  });

  it('answers 500 config_invalid when the bindings put the database in a file', async () => {
    const context = createExecutionContext();
    const response = await worker.fetch(new Request('https://tokenwise.test/healthz'), {
      ...env,
      DATABASE_URL: 'file:tokenwise.db',
    }, context);
    await waitOnExecutionContext(context);
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ error: { code: 'config_invalid' } });
  });
});
