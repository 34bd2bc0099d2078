// Deno Deploy entry (`deno task deploy:start`): the edge handler with `@libsql/client/web` and a remote database.
import { createClient } from '@libsql/client/web';
import { createEdgeHandler } from './create-edge-handler.ts';

const handle = createEdgeHandler({ runtime: 'deno-deploy', createClient });

/** Serves one request with the config read from `env` (defaults to the process environment, read once). */
export function handleDenoDeployRequest(request: Request, env: object = processEnvironment()): Promise<Response> {
  return handle(request, env);
}

let environment: Readonly<Record<string, string>> | undefined;
function processEnvironment(): Readonly<Record<string, string>> {
  environment ??= Object.freeze(Deno.env.toObject());
  return environment;
}

export type ServeDenoDeployOptions = {
  /** The bindings; default the process environment. One object for the server's life (services are built once). */
  readonly env?: object;
  /** Deno.serve's options; Deno Deploy ignores port and hostname. Tests pass port 0 and 127.0.0.1. */
  readonly port?: number;
  readonly hostname?: string;
  readonly onListen?: (address: Deno.NetAddr) => void;
};

/** What `deno run src/runtime/deno-deploy.ts` does: Deno.serve with the edge handler. */
export function serveDenoDeploy(options: ServeDenoDeployOptions = {}): Deno.HttpServer<Deno.NetAddr> {
  const env = options.env ?? processEnvironment();
  return Deno.serve({
    ...(options.port === undefined ? {} : { port: options.port }),
    ...(options.hostname === undefined ? {} : { hostname: options.hostname }),
    ...(options.onListen === undefined ? {} : { onListen: options.onListen }),
  }, (request) => handleDenoDeployRequest(request, env));
}

type CronRegistrar = (name: string, schedule: string, handler: () => Promise<void>) => Promise<void>;

export type ScheduleCleanupOptions = {
  /** The bindings; default the process environment (the same object serveDenoDeploy uses). */
  readonly env?: object;
  /** Default Deno.cron; tests pass their own registrar. */
  readonly cron?: CronRegistrar;
};

/**
 * Registers the hourly retention clean-up with Deno.cron (Deno Deploy provides it; locally it needs --unstable-cron,
 * which `deno task deploy:start` passes). False when the runtime has no Deno.cron: then schedule the clean-up
 * elsewhere (see the README's Retention section).
 */
export function scheduleDenoDeployCleanup(options: ScheduleCleanupOptions = {}): boolean {
  const cron = options.cron ?? (Deno as unknown as { cron?: CronRegistrar }).cron;
  if (typeof cron !== 'function') return false;
  const env = options.env ?? processEnvironment();
  void cron('tokenwise retention clean-up', '17 * * * *', async () => {
    await handle.cleanUp(env);
  });
  return true;
}

if (import.meta.main) {
  serveDenoDeploy();
  scheduleDenoDeployCleanup();
}
