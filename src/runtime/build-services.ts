// Wiring shared by every runtime: config → database, auth, Bedrock connection and the Hono app. No runtime APIs here.
import type { Client, Config as LibsqlConfig } from '@libsql/client';
import type { Hono } from 'hono';
import type { BedrockConnection } from '../bedrock/create-bedrock-client.ts';
import type { Config } from '../config/parse-config.ts';
import { AppError } from '../errors.ts';
import type { AuthOptions } from '../http/create-authenticator.ts';
import { createApp } from '../http/create-app.ts';
import type { Logger } from '../logger.ts';
import { migrate } from '../store/migrate.ts';
import { openDatabase } from '../store/open-database.ts';
import type { Database } from '../store/database.ts';
import type { ChatService } from '../turn/chat-service.ts';
import { buildChatService } from './build-chat-service.ts';
import { createLibsqlRetentionStore, createLibsqlStore } from '../store/create-libsql-store.ts';
import { createCleanup, type RunCleanup } from './run-cleanup.ts';
import { type ConsoleService, createInsightService, type InsightService } from '../turn/create-insight-service.ts';
import type { HostResolver } from '../turn/http-tool/check-destination.ts';
import type { DeployerContent } from './deployer-content.ts';

export type BuildServicesOptions = {
  readonly config: Readonly<Config>;
  readonly logger: Logger;
  /** `@libsql/client`'s createClient on Node and Deno, `@libsql/client/web`'s at the edge. */
  readonly createClient: (config: LibsqlConfig) => Client;
  /** Base URL of the simulator the runtime started (simulator mode only); replaces BEDROCK_ENDPOINT. */
  readonly simulatorUrl?: string;
  /** The secret the runtime generated for `auth.kind === 'development'`. */
  readonly developmentSecret?: string;
  /** Instructions, assets and tool manifests from files (local) or bindings (edge); defaults when absent. */
  readonly content?: DeployerContent;
  /** Resolves host names for HTTP tools' private-address check (Node and Deno: the system resolver). */
  readonly resolveHost?: HostResolver;
  /** The fetch the Bedrock client uses (default globalThis.fetch). */
  readonly bedrockFetch?: typeof fetch;
};

export type Services = {
  readonly app: Hono;
  readonly database: Database;
  readonly auth: AuthOptions;
  readonly bedrock: BedrockConnection;
  /** Applies pending migrations once; a failure is forgotten so the next call retries. */
  ready(): Promise<void>;
  /** One retention clean-up (the runtime schedules it: a timer on Node and Deno, a cron trigger at the edge). */
  readonly cleanUp: RunCleanup;
  /** Lets running turns finish for up to `graceMs`, then fails the rest cleanly (see RunningChatService.stopTurns). */
  stopTurns(graceMs: number): Promise<void>;
  /** Fails any turn still running, waits for background summaries, closes the database. */
  close(): Promise<void>;
};

/** The authenticator options for a config; throws AppError config_invalid for development auth without a secret. */
export function toAuthOptions(config: Readonly<Config>, developmentSecret?: string): AuthOptions {
  const { auth } = config;
  if (auth.kind === 'secret') return { jwtSecret: auth.secret, leewaySeconds: auth.leewaySeconds, ...checks(auth) };
  if (auth.kind === 'jwks') {
    return { jwksUrl: auth.url, issuer: auth.issuer, audience: auth.audience, leewaySeconds: auth.leewaySeconds };
  }
  if (developmentSecret === undefined) {
    throw new AppError('config_invalid', 'development auth needs the secret the runtime generates at start');
  }
  return { jwtSecret: developmentSecret };
}

function checks(
  auth: { readonly issuer?: string; readonly audience?: string },
): { issuer?: string; audience?: string } {
  return {
    ...(auth.issuer === undefined ? {} : { issuer: auth.issuer }),
    ...(auth.audience === undefined ? {} : { audience: auth.audience }),
  };
}

/** How to reach Bedrock: the simulator's URL in simulator mode, else the configured endpoint and credentials. */
export function toBedrockConnection(config: Readonly<Config>, simulatorUrl?: string): BedrockConnection {
  const { bedrock } = config;
  const endpoint = simulatorUrl ?? bedrock.endpoint;
  return {
    region: bedrock.region,
    ...(endpoint === undefined ? {} : { endpoint }),
    ...(bedrock.credentials === undefined ? {} : { credentials: bedrock.credentials }),
    ...(bedrock.bearerToken === undefined ? {} : { bearerToken: bedrock.bearerToken }),
  };
}

/**
 * Opens the database (no query yet) and builds the app. /healthz runs the migrations once and pings the database,
 * answering 503 while either fails. Never logs secrets: failures are logged by error code or name only.
 */
export async function buildServices(options: BuildServicesOptions): Promise<Services> {
  const { config, logger } = options;
  const database = await openDatabase({
    url: config.database.url,
    ...(config.database.authToken === undefined ? {} : { authToken: config.database.authToken }),
    createClient: options.createClient,
    logger,
  });
  let migrated: Promise<void> | undefined;
  const ready = (): Promise<void> => {
    return (migrated ??= migrate(database).then(
      () => undefined,
      (error: unknown) => {
        migrated = undefined;
        throw error;
      },
    ));
  };
  const checkHealth = async (): Promise<{ ok: boolean; detail?: string }> => {
    try {
      await ready();
      await database.ping();
      return { ok: true };
    } catch (error) {
      logger.log('warn', 'health_check_failed', { reason: describeFailure(error) });
      return { ok: false, detail: 'database unreachable' };
    }
  };
  const auth = toAuthOptions(config, options.developmentSecret);
  const bedrock = {
    ...toBedrockConnection(config, options.simulatorUrl),
    ...(options.bedrockFetch === undefined ? {} : { fetch: options.bedrockFetch }),
  };
  const running = buildChatService({
    config,
    database,
    bedrock,
    logger,
    ...(options.content === undefined ? {} : { content: options.content }),
    ...(options.resolveHost === undefined ? {} : { resolveHost: options.resolveHost }),
  });
  const chat = withMigrations(running, ready);
  const insights = withMigrationsFirst(
    createInsightService({
      store: createLibsqlStore({ database }),
      budgets: config.budgets.limits,
      maxConcurrentTurns: config.budgets.maxConcurrentTurns,
      clock: () => new Date(),
    }),
    ready,
  );
  const app = createApp({
    logger,
    checkHealth,
    auth,
    chat,
    insights,
    console: insights,
    maxBodyBytes: config.limits.maxBodyBytes,
  });
  const cleanUp = createCleanup({
    store: createLibsqlRetentionStore({ database }),
    retention: config.retention,
    logger,
    ready,
  });
  return {
    app,
    database,
    auth,
    bedrock,
    ready,
    cleanUp,
    stopTurns: (graceMs) => running.stopTurns(graceMs),
    close: async () => {
      await running.stopTurns(0);
      await running.drain();
      await database.close();
    },
  };
}

/** Every chat call first makes sure the schema is migrated (a no-op after the first success). */
function withMigrations(chat: ChatService, ready: () => Promise<void>): ChatService {
  return {
    createConversation: async (input) => (await ready(), chat.createConversation(input)),
    sendMessage: async (input) => (await ready(), chat.sendMessage(input)),
    listMessages: async (input) => (await ready(), chat.listMessages(input)),
    getUsage: async (input) => (await ready(), chat.getUsage(input)),
    deleteConversation: async (input) => (await ready(), chat.deleteConversation(input)),
  };
}

function withMigrationsFirst(
  insights: InsightService & ConsoleService,
  ready: () => Promise<void>,
): InsightService & ConsoleService {
  return {
    getUserUsage: async (input) => (await ready(), insights.getUserUsage(input)),
    listConsoleConversations: async (input) => (await ready(), insights.listConsoleConversations(input)),
    getConsoleTurns: async (input) => (await ready(), insights.getConsoleTurns(input)),
  };
}

function describeFailure(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') {
    return error.code;
  }
  return error instanceof Error ? error.name : 'unknown';
}
