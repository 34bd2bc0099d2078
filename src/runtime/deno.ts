// Deno server: the same local server as node.ts, served with Deno.serve. Run directly it needs Bedrock configured;
// `deno task start` runs it through testbench/local/deno-with-simulator.ts, which brings the simulator when none is.
import { loadConfig } from '../config/parse-config.ts';
import { isAppError } from '../errors.ts';
import { collectSecretValues } from '../config/collect-secret-values.ts';
import { createLogger } from '../logger.ts';
import { type SimulatorStarter, startLocalServices } from './start-local-services.ts';

export type StartDenoServerOptions = {
  /** Overrides PORT; 0 picks a free port (tests). */
  readonly port?: number;
  /** Defaults to 0.0.0.0; tests pass 127.0.0.1. */
  readonly hostname?: string;
  readonly write?: (line: string) => void;
  /** Starts the Bedrock simulator in simulator mode; without it, simulator mode is refused (config_invalid). */
  readonly simulator?: SimulatorStarter;
};

export type DenoServer = { readonly url: string; readonly developmentToken?: string; close(): Promise<void> };

/** Starts the local server on Deno (`@libsql/client` needs --allow-ffi). Throws AppError config_invalid first. */
export async function startDenoServer(
  env: Readonly<Record<string, string | undefined>>,
  options: StartDenoServerOptions = {},
): Promise<DenoServer> {
  const config = loadConfig(env, { runtime: 'deno' });
  const logger = createLogger({
    level: config.logLevel,
    secrets: collectSecretValues(env),
    ...(options.write === undefined ? {} : { write: options.write }),
  });
  const local = await startLocalServices(
    config,
    logger,
    options.simulator === undefined ? {} : { simulator: options.simulator },
  );
  const hostname = options.hostname ?? '0.0.0.0';
  let server: Deno.HttpServer<Deno.NetAddr>;
  const address = await new Promise<Deno.NetAddr>((resolve, reject) => {
    try {
      server = Deno.serve({ port: options.port ?? config.port, hostname, onListen: resolve }, local.services.app.fetch);
    } catch (error) {
      reject(error);
    }
  }).catch(async (error: unknown) => {
    await local.close();
    throw error;
  });
  const url = `http://${hostname === '0.0.0.0' ? 'localhost' : hostname}:${address.port}`;
  local.announce(url);
  let closing: Promise<void> | undefined;
  return {
    url,
    ...(local.developmentToken === undefined ? {} : { developmentToken: local.developmentToken }),
    close() {
      // Running turns get TURN_GRACE_MS to finish, then fail cleanly (503 shutting_down), so shutdown() can end.
      closing ??= Promise.all([server.shutdown(), local.services.stopTurns(TURN_GRACE_MS)])
        .then(() => local.close()).then(() => logger.log('info', 'stopped'));
      return closing;
    },
  };
}

/** How long a stopping server lets running turns finish before it fails them. */
const TURN_GRACE_MS = 8_000;

/** Serves until SIGINT/SIGTERM (the process entry); exits 1 printing every configuration problem. */
export async function runDenoServer(options: Pick<StartDenoServerOptions, 'simulator'> = {}): Promise<void> {
  let server: DenoServer;
  try {
    server = await startDenoServer(Deno.env.toObject(), options);
  } catch (error) {
    console.error(isAppError(error, 'config_invalid') ? error.message : error);
    Deno.exit(1);
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    Deno.addSignalListener(signal, () => {
      console.error(`${signal} received: shutting down`);
      server.close().then(() => Deno.exit(0), () => Deno.exit(1));
    });
  }
}

if (import.meta.main) await runDenoServer();
