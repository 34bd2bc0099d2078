// Node server: parse config, start local services, serve on PORT, stop cleanly. Run directly it needs Bedrock configured;
// `npm start` runs it through testbench/local/node-with-simulator.ts, which brings the simulator when none is.
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../config/parse-config.ts';
import { isAppError } from '../errors.ts';
import { collectSecretValues } from '../config/collect-secret-values.ts';
import { createLogger } from '../logger.ts';
import { createRedactor } from '../redact-secrets.ts';
import { createNodeHttpFetch } from './create-node-http-fetch.ts';
import { type SimulatorStarter, startLocalServices } from './start-local-services.ts';

export type StartNodeServerOptions = {
  /** Overrides PORT; 0 picks a free port (tests). */
  readonly port?: number;
  /** Defaults to all interfaces, as a server does; tests pass 127.0.0.1. */
  readonly hostname?: string;
  /** Where log lines go; defaults to stdout. */
  readonly write?: (line: string) => void;
  /** How long `close` waits for requests in flight before closing their connections; defaults to 10 s. */
  readonly drainTimeoutMs?: number;
  /** Starts the Bedrock simulator in simulator mode; without it, simulator mode is refused (config_invalid). */
  readonly simulator?: SimulatorStarter;
};

export type NodeServer = {
  /** `http://host:port`, with the port actually bound. */
  readonly url: string;
  readonly developmentToken?: string;
  /** Stops accepting connections, lets requests in flight finish (up to the drain timeout), then closes the database and the simulator. Safe to call twice. */
  close(): Promise<void>;
};

/** Starts the whole local server. Throws AppError config_invalid (every message, or simulator mode without a simulator) before anything is started. */
export async function startNodeServer(
  env: Readonly<Record<string, string | undefined>>,
  options: StartNodeServerOptions = {},
): Promise<NodeServer> {
  const config = loadConfig(env, { runtime: 'node' });
  const logger = createLogger({
    level: config.logLevel,
    secrets: collectSecretValues(env),
    ...(options.write === undefined ? {} : { write: options.write }),
  });
  const local = await startLocalServices(config, logger, {
    bedrockFetch: createNodeHttpFetch(),
    ...(options.simulator === undefined ? {} : { simulator: options.simulator }),
  });
  const server = await new Promise<Server>((resolve, reject) => {
    const started = serve({
      fetch: local.services.app.fetch,
      port: options.port ?? config.port,
      ...(options.hostname === undefined ? {} : { hostname: options.hostname }),
    }) as Server;
    started.once('listening', () => resolve(started));
    started.once('error', reject);
  }).catch(async (error: unknown) => {
    await local.close();
    throw error;
  });
  const address = server.address() as AddressInfo;
  const host = options.hostname ?? 'localhost';
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
  local.announce(url);
  let closing: Promise<void> | undefined;
  return {
    url,
    ...(local.developmentToken === undefined ? {} : { developmentToken: local.developmentToken }),
    close() {
      closing ??= (async () => {
        const drainMs = options.drainTimeoutMs ?? DEFAULT_DRAIN_TIMEOUT_MS;
        // Turns still running near the end of the drain fail cleanly (503 shutting_down) while their clients listen.
        await Promise.all([
          closeHttpServer(server, drainMs),
          local.services.stopTurns(Math.floor(drainMs * TURN_GRACE_SHARE)),
        ]);
        await local.close();
        logger.log('info', 'stopped');
      })();
      return closing;
    },
  };
}

/** Share of the drain timeout running turns get to finish; the rest is for their error answers to reach clients. */
const TURN_GRACE_SHARE = 0.8;

/** How long a stopping server lets requests in flight finish before it closes their connections. */
const DEFAULT_DRAIN_TIMEOUT_MS = 10_000;

/**
 * Stops accepting, closes idle keep-alive connections at once, lets requests in flight finish, and after `drainMs`
 * closes whatever is still open. The deadline matters under Deno 2.9's node:http, where a connection accepted before
 * it sent a request never counts as idle and would hold `close` open for minutes (denoland/deno#36513).
 */
function closeHttpServer(server: Server, drainMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const deadline = setTimeout(() => server.closeAllConnections(), drainMs);
    server.close(() => {
      clearTimeout(deadline);
      resolve();
    });
    server.closeIdleConnections();
  });
}

/** Serves until SIGINT/SIGTERM (the process entry); exits 1 printing every configuration problem. */
export async function runNodeServer(options: Pick<StartNodeServerOptions, 'simulator'> = {}): Promise<void> {
  let server: NodeServer;
  try {
    server = await startNodeServer(process.env, options);
  } catch (error) {
    // Config messages never echo a secret; anything else (a database or network failure) goes through the redactor.
    console.error(
      isAppError(error, 'config_invalid') ? error.message : createRedactor(collectSecretValues(process.env))(
        error instanceof Error ? error.stack ?? error.message : String(error),
      ),
    );
    process.exit(1);
  }
  const stop = (signal: string): void => {
    console.error(`${signal} received: shutting down (send it again to exit at once)`);
    process.once(signal, () => process.exit(130));
    server.close().then(() => process.exit(0), (error: unknown) => {
      console.error(error);
      process.exit(1);
    });
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) await runNodeServer();
