// Node and Deno share this: the simulator the entry passes in simulator mode (announced first), development auth, the
// migrated database. Production code starts no simulator itself: the testbench's entries pass one (`npm start`).
import type { Config } from '../config/parse-config.ts';
import { AppError } from '../errors.ts';
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

/** How an entry starts the Bedrock simulator in simulator mode (testbench/local passes one), and where it runs. */
export type SimulatorStarter = {
  start(): Promise<LocalSimulator>;
  /** For the first log line, e.g. "a child process". */
  readonly place: string;
};

export type LocalServicesOptions = {
  readonly bedrockFetch?: typeof fetch;
  /** Needed in simulator mode (no AWS credentials, no BEDROCK_ENDPOINT); without it the start is refused. */
  readonly simulator?: SimulatorStarter;
};

/** Simulator mode with no simulator passed in: say how to configure Bedrock, or which entry brings the simulator. */
function noSimulator(): AppError {
  return new AppError(
    'config_invalid',
    'No Bedrock is configured (no AWS credentials and no BEDROCK_ENDPOINT) and this entry starts no simulator: set AWS_REGION and AWS credentials (or AWS_BEARER_TOKEN_BEDROCK) with AUTH_JWT_SECRET or AUTH_JWKS_URL, or set BEDROCK_ENDPOINT, or run `npm start` (Node) / `npx deno task start` (Deno), which start the Bedrock simulator from testbench/local',
  );
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
    if (options.simulator === undefined) throw noSimulator();
    simulator = await options.simulator.start();
    logger.log('warn', 'bedrock_simulated', {
      note:
        `BEDROCK IS SIMULATED: no AWS credentials and no BEDROCK_ENDPOINT are set, so replies come from the simulator at ${simulator.url} (${options.simulator.place}), not from Claude. Set AWS credentials (or AWS_BEARER_TOKEN_BEDROCK) and AUTH_JWT_SECRET to use real Bedrock.`,
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
          // The fragment never reaches a server: the page keeps the token for this tab and removes it from the URL.
          console: `${url}/console#token=${developmentToken}`,
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
