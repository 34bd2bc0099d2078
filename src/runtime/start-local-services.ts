// Node and Deno share this: the simulator in simulator mode (announced first), development auth, the migrated database.
import type { Config } from '../config/parse-config.ts';
import { mintDevelopmentToken } from '../http/mint-development-token.ts';
import { DEVELOPMENT_TOKEN_EVENT, type Logger } from '../logger.ts';
import { describeUrl } from '../redact-secrets.ts';
import { createLocalClient } from '../store/native/create-native-client.ts';
import { buildServices } from './build-services.ts';
import { loadLocalContent } from './load-local-content.ts';
import { resolveWithSystem } from './resolve-with-system.ts';
import { type CleanupTimer, startCleanupTimer } from './run-cleanup.ts';
import type { Services } from './build-services.ts';

/** The user id a development token is minted for. */
export const DEVELOPMENT_USER_ID = 'dev-user';
/** A development token outlives a working day, not a week. */
const DEVELOPMENT_TOKEN_TTL_SECONDS = 24 * 3600;

export type LocalServices = {
  readonly services: Services;
  /** Set in development auth: a bearer token for DEVELOPMENT_USER_ID signed with the generated secret. */
  readonly developmentToken?: string;
  /** The simulator's base URL in simulator mode. */
  readonly simulatorUrl?: string;
  /** Logs where the server listens (and, in development auth, a ready curl line). */
  announce(url: string): void;
  close(): Promise<void>;
};

function generateSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A simulator on loopback: its base URL, and how to stop it. */
export type LocalSimulator = { readonly url: string; close(): Promise<void> };

export type LocalServicesOptions = {
  readonly bedrockFetch?: typeof fetch;
  /** Starts the simulator in simulator mode (Node: a child process); by default it runs in this process. */
  readonly startSimulator?: () => Promise<LocalSimulator>;
  /** Where the simulator runs, for the first log line, e.g. "a child process". */
  readonly simulatorPlace?: string;
};

async function startInProcessSimulator(): Promise<LocalSimulator> {
  const { startSimulatorServer } = await import('../../testbench/simulator/start-simulator-server.ts');
  return startSimulatorServer({ port: 0, hostname: '127.0.0.1' });
}

/**
 * Starts what a local server needs before it listens. In simulator mode the FIRST log line (warn) says Bedrock is
 * simulated and why. Migrations run before this resolves, so a broken database stops the start, not the first request.
 */
export async function startLocalServices(
  config: Readonly<Config>,
  logger: Logger,
  options: LocalServicesOptions = {},
): Promise<LocalServices> {
  let simulator: LocalSimulator | undefined;
  if (config.mode === 'simulator') {
    simulator = await (options.startSimulator ?? startInProcessSimulator)();
    logger.log('warn', 'bedrock_simulated', {
      note:
        `BEDROCK IS SIMULATED: no AWS credentials and no BEDROCK_ENDPOINT are set, so replies come from the simulator at ${simulator.url} (${
          options.simulatorPlace ?? 'in this process'
        }), not from Claude. Set AWS credentials (or AWS_BEARER_TOKEN_BEDROCK) and AUTH_JWT_SECRET to use real Bedrock.`,
      simulatorUrl: simulator.url,
    });
  } else {
    const { region, endpoint, credentialSource, modelId, cheapModelId } = config.bedrock;
    logger.log('info', 'bedrock', {
      region,
      endpoint: endpoint === undefined ? 'aws' : describeUrl(endpoint),
      credentialSource,
      modelId,
      cheapModelId,
    });
  }
  const developmentSecret = config.auth.kind === 'development' ? generateSecret() : undefined;
  let services: Services | undefined;
  try {
    services = await buildServices({
      config,
      logger,
      content: await loadLocalContent(config),
      createClient: createLocalClient,
      resolveHost: resolveWithSystem,
      ...(options.bedrockFetch === undefined ? {} : { bedrockFetch: options.bedrockFetch }),
      ...(simulator === undefined ? {} : { simulatorUrl: simulator.url }),
      ...(developmentSecret === undefined ? {} : { developmentSecret }),
    });
    await services.ready();
    const developmentToken = developmentSecret === undefined ? undefined : await mintDevelopmentToken({
      secret: developmentSecret,
      sub: DEVELOPMENT_USER_ID,
      ttlSeconds: DEVELOPMENT_TOKEN_TTL_SECONDS,
    });
    const built = services;
    // The retention clean-up, every CLEANUP_INTERVAL_MINUTES (first run 10 s after start); stopped before the database closes.
    const cleanupTimer: CleanupTimer | undefined = config.retention.cleanupIntervalMs > 0
      ? startCleanupTimer(built.cleanUp, { intervalMs: config.retention.cleanupIntervalMs })
      : undefined;
    return {
      services: built,
      ...(developmentToken === undefined ? {} : { developmentToken }),
      ...(simulator === undefined ? {} : { simulatorUrl: simulator.url }),
      announce(url) {
        logger.log('info', 'listening', {
          url,
          database: describeUrl(config.database.url),
          mode: config.mode,
        });
        if (developmentToken === undefined) return;
        logger.log('info', DEVELOPMENT_TOKEN_EVENT, {
          note:
            `Development auth: a secret was generated for this run. Token for user "${DEVELOPMENT_USER_ID}", valid 24 h:`,
          token: developmentToken,
          example: `curl -X POST -H "Authorization: Bearer ${developmentToken}" ${url}/v1/conversations`,
        });
      },
      async close() {
        await cleanupTimer?.stop();
        await built.close();
        await simulator?.close();
      },
    };
  } catch (error) {
    await services?.close();
    await simulator?.close();
    throw error;
  }
}
