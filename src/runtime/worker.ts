// Cloudflare Workers entry (`wrangler dev`, `wrangler deploy --env production`): config from bindings, remote libSQL.
import { createClient } from '@libsql/client/web';
import { createEdgeHandler } from './create-edge-handler.ts';
import type { EdgeContext } from './create-edge-handler.ts';

const handle = createEdgeHandler({ runtime: 'workers', createClient });

/** The module worker: vars and secrets arrive as string bindings; config and services are built once per isolate. */
export default {
  fetch(request: Request, env: object, context: EdgeContext): Promise<Response> {
    return handle(request, env, context);
  },
  /** The cron trigger of wrangler.toml: one retention clean-up (expired idempotency rows, old tool results and usage). */
  scheduled(_controller: unknown, env: object, context: EdgeContext): void {
    context.waitUntil(handle.cleanUp(env));
  },
};
