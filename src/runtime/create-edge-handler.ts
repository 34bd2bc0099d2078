// Workers and Deno Deploy share this: build config and services once per isolate from string bindings, then serve.
import type { Client, Config as LibsqlConfig } from '@libsql/client';
import { parseConfig } from '../config/parse-config.ts';
import { collectSecretValues } from '../config/collect-secret-values.ts';
import { createLogger } from '../logger.ts';
import { buildServices } from './build-services.ts';
import { readEdgeContent } from './read-edge-content.ts';
import type { Services } from './build-services.ts';
import type { PurgeCounts } from '../store/retention-store.ts';

/** The slice of a Workers ExecutionContext the app may use (summaries later run in `waitUntil`). */
export type EdgeContext = { waitUntil(promise: Promise<unknown>): void; passThroughOnException?(): void };

/** Serves a request; `cleanUp(env)` runs one retention clean-up with that env's services (the scheduled handler's job). */
export type EdgeHandler = ((request: Request, env: object, context?: EdgeContext) => Promise<Response>) & {
  cleanUp(env: object): Promise<PurgeCounts | null>;
};

export type CreateEdgeHandlerOptions = {
  readonly runtime: 'workers' | 'deno-deploy';
  /** `@libsql/client/web`'s createClient: the edge has no native SQLite. */
  readonly createClient: (config: LibsqlConfig) => Client;
};

type Built = { readonly ok: true; readonly services: Services } | { readonly ok: false };

/** Bindings that are plain strings (vars and secrets); other bindings (KV, services) are not configuration. */
function toStringEnv(env: object): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

function misconfigured(): Response {
  const body = {
    error: {
      code: 'config_invalid',
      message: 'The server is misconfigured; its log lists what to fix.',
      requestId: crypto.randomUUID(),
    },
  };
  return Response.json(body, { status: 500, headers: { 'cache-control': 'no-store' } });
}

/**
 * A fetch handler that parses the config of each distinct `env` object once (an isolate keeps one). A bad config is
 * logged once with every message and answers 500 `config_invalid` to every request; a failed build is retried on the
 * next request. No I/O happens before the first request: /healthz then migrates and pings the remote database.
 */
export function createEdgeHandler(options: CreateEdgeHandlerOptions): EdgeHandler {
  const builds = new WeakMap<object, Promise<Built>>();
  const build = async (env: object): Promise<Built> => {
    const strings = toStringEnv(env);
    const result = parseConfig(strings, { runtime: options.runtime });
    if (!result.ok) {
      createLogger({ secrets: collectSecretValues(strings) }).log('error', 'config_invalid', {
        runtime: options.runtime,
        errors: result.errors,
      });
      return { ok: false };
    }
    const logger = createLogger({ level: result.config.logLevel, secrets: collectSecretValues(strings) });
    return {
      ok: true,
      services: await buildServices({
        config: result.config,
        logger,
        createClient: options.createClient,
        content: readEdgeContent(strings),
      }),
    };
  };
  const servicesFor = async (env: object): Promise<Built> => {
    let built = builds.get(env);
    if (built === undefined) {
      built = build(env);
      builds.set(env, built);
      built.catch(() => builds.delete(env));
    }
    try {
      return await built;
    } catch (error) {
      createLogger().log('error', 'startup_failed', {
        runtime: options.runtime,
        reason: error instanceof Error ? error.name : 'unknown',
      });
      return { ok: false };
    }
  };
  const handle = async (request: Request, env: object, context?: EdgeContext): Promise<Response> => {
    const outcome = await servicesFor(env);
    if (!outcome.ok) return misconfigured();
    return outcome.services.app.fetch(request, env, context as Parameters<Services['app']['fetch']>[2]);
  };
  return Object.assign(handle, {
    async cleanUp(env: object): Promise<PurgeCounts | null> {
      const outcome = await servicesFor(env);
      return outcome.ok ? outcome.services.cleanUp() : null;
    },
  });
}
