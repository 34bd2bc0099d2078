// Test support for src/turn: a real migrated libSQL file, the demo tool pack, default content and the Bedrock simulator
// on a loopback port reached through the real SDK client, with one manual clock for service, store and simulator.
// Every assert.ok in these tests carries a message: without one, a failing assert.ok under tsx can hang.
import { createBedrockClient } from '../../src/bedrock/create-bedrock-client.ts';
import { createModelCaller, type ModelCaller } from '../../src/bedrock/call-model.ts';
import { DEFAULT_ASSETS, DEFAULT_INSTRUCTIONS, DEFAULT_SAFETY_RULES } from '../../src/config/default-prompt-content.ts';
import { DEFAULT_CHEAP_MODEL_ID, DEFAULT_MODEL_ID } from '../../src/config/models.ts';
import { type Logger, SILENT_LOGGER } from '../../src/logger.ts';
import { createToolIndex } from '../../src/pipeline/tool-search/index.ts';
import { createToolRegistry, type ToolInput } from '../../src/pipeline/tool-catalogue/index.ts';
import type { ConversationStore } from '../../src/store/conversation-store.ts';
import { createLibsqlStore } from '../../src/store/create-libsql-store.ts';
import type { Database } from '../../src/store/database.ts';
import { readStoreRows, type StoreRows } from '../../src/store/test-support/read-store-rows.ts';
import { createMigratedDatabase } from '../../src/store/test-support/temp-database.ts';
import { createDemoToolPack } from '../../src/tools/create-demo-tool-pack.ts';
import { indexToolPack, registerToolPack } from '../../src/tools/register-tool-pack.ts';
import type { ToolHandler } from '../../src/tools/tool-handler.ts';
import { type LogEntry, type Simulator, startSimulatorServer } from '../simulator/index.ts';
import { createChatService, type RunningChatService } from '../../src/turn/create-chat-service.ts';
import {
  DEFAULT_TURN_SETTINGS,
  type PromptContent,
  type TurnDependencies,
  type TurnSettings,
} from '../../src/turn/turn-dependencies.ts';

export const MAIN_MODEL = DEFAULT_MODEL_ID;
export const CHEAP_MODEL = DEFAULT_CHEAP_MODEL_ID;
export const USER = 'user-1';
/** 2026-01-01T00:00:00Z. */
export const START_MS = Date.UTC(2026, 0, 1);

export type TurnFixtureOptions = {
  readonly settings?: Partial<TurnSettings>;
  readonly content?: Partial<PromptContent>;
  /** Extra tools registered after the demo pack (e.g. one with an `http` spec). */
  readonly extraTools?: readonly ToolInput[];
  readonly extraHandlers?: ReadonlyMap<string, ToolHandler>;
  /** Wraps the real model caller (to inject failures or observe calls). */
  readonly wrapModels?: (models: ModelCaller) => ModelCaller;
  readonly logger?: Logger;
  /** The model stream's idle cut (BEDROCK_STREAM_IDLE_SECONDS), in ms. */
  readonly streamIdleMs?: number;
  /** The caller key and host resolver HTTP tools use (none by default). */
  readonly httpTools?: TurnDependencies['httpTools'];
};

export type TurnFixture = {
  readonly deps: TurnDependencies;
  readonly service: RunningChatService;
  readonly simulator: Simulator;
  readonly store: ConversationStore;
  readonly database: Database;
  /** Reads the store's tables directly, for assertions the store port does not offer. */
  readonly rows: StoreRows;
  /** The database file's URL (to open it again as another process would). */
  readonly url: string;
  /** Moves the service, store and simulator clocks forward together. */
  advance(milliseconds: number): void;
  now(): Date;
  /** A new conversation of USER. */
  createConversation(): Promise<string>;
  /** Simulator log entries of the main model's calls (converse-stream), oldest first. */
  mainRequests(): readonly LogEntry[];
  /** Simulator log entries of the cheap model's calls. */
  cheapRequests(): readonly LogEntry[];
  close(): Promise<void>;
};

/** One fixture per test file (or per test): real store, real SDK client, simulator on 127.0.0.1. */
export async function createTurnFixture(options: TurnFixtureOptions = {}): Promise<TurnFixture> {
  let time = START_MS;
  let counter = 0;
  const clock = () => new Date(time);
  const createId = () => `id-${(counter += 1).toString().padStart(4, '0')}`;
  const migrated = await createMigratedDatabase();
  const store = createLibsqlStore({ database: migrated.database, clock, createId });
  const server = await startSimulatorServer({ port: 0 });
  server.simulator.clock.set(START_MS);
  const client = createBedrockClient({ region: 'us-east-1', endpoint: server.url, maxAttempts: 1 });
  const realModels = createModelCaller(
    client,
    options.streamIdleMs === undefined ? {} : { streamIdleMs: options.streamIdleMs },
  );
  const registry = createToolRegistry();
  const pack = createDemoToolPack({ registry });
  registerToolPack(registry, pack);
  for (const tool of options.extraTools ?? []) registry.register(tool);
  const handlers = new Map([...indexToolPack(pack)].map(([name, entry]) => [name, entry.handler] as const));
  for (const [name, handler] of options.extraHandlers ?? []) handlers.set(name, handler);
  const deps: TurnDependencies = {
    store,
    models: options.wrapModels?.(realModels) ?? realModels,
    registry,
    toolIndex: createToolIndex(registry.domainTools()),
    handlers,
    database: migrated.database,
    content: {
      instructions: options.content?.instructions ?? DEFAULT_INSTRUCTIONS,
      safetyRules: options.content?.safetyRules ?? DEFAULT_SAFETY_RULES,
      assets: options.content?.assets ?? DEFAULT_ASSETS,
    },
    settings: { ...DEFAULT_TURN_SETTINGS, mainModelId: MAIN_MODEL, cheapModelId: CHEAP_MODEL, ...options.settings },
    logger: options.logger ?? SILENT_LOGGER,
    clock,
    createId,
    runInBackground: () => {},
    fetch: (input, init) => fetch(input, init),
    ...(options.httpTools === undefined ? {} : { httpTools: options.httpTools }),
  };
  const service = createChatService(deps);
  const byModel = (model: string) =>
    server.simulator.log.entries().filter((entry) => entry.modelId === model && entry.operation !== 'count-tokens');
  return {
    deps,
    service,
    simulator: server.simulator,
    store,
    database: migrated.database,
    rows: readStoreRows(migrated.database),
    url: migrated.url,
    advance(milliseconds) {
      time += milliseconds;
      server.simulator.clock.set(time);
    },
    now: clock,
    async createConversation() {
      return (await service.createConversation({ userId: USER })).id;
    },
    mainRequests: () => byModel(MAIN_MODEL),
    cheapRequests: () => byModel(CHEAP_MODEL),
    async close() {
      await service.drain();
      client.destroy();
      await server.close();
      await migrated.cleanup();
    },
  };
}

/** The texts of a Converse request's messages (wire shape), for compact assertions. */
export function requestTexts(entry: LogEntry | undefined): string[] {
  const body = entry?.request as { messages?: { content: Record<string, unknown>[] }[] } | undefined;
  return (body?.messages ?? []).flatMap((message) =>
    message.content.flatMap((block) => (typeof block['text'] === 'string' ? [block['text']] : []))
  );
}

/** Tool names declared in a Converse request (wire shape), in order. */
export function requestToolNames(entry: LogEntry | undefined): string[] {
  const body = entry?.request as { toolConfig?: { tools: { toolSpec?: { name: string } }[] } } | undefined;
  return (body?.toolConfig?.tools ?? []).flatMap((tool) => (tool.toolSpec === undefined ? [] : [tool.toolSpec.name]));
}

/** Total input tokens the simulator counted for one call (uncached + read + written). */
export function countedInputTokens(entry: LogEntry): number {
  const usage = entry.usage;
  return usage === undefined ? 0 : usage.inputTokens + usage.cacheReadInputTokens + usage.cacheWriteInputTokens;
}

/** The TTLs of the cache points of one Converse request (wire shape), in prefix order. */
export function cacheTtls(request: unknown): string[] {
  const body = request as {
    toolConfig?: { tools: Record<string, unknown>[] };
    system?: Record<string, unknown>[];
    messages?: { content: Record<string, unknown>[] }[];
  };
  const blocks = [
    ...(body.toolConfig?.tools ?? []),
    ...(body.system ?? []),
    ...(body.messages ?? []).flatMap((message) => message.content),
  ];
  return blocks.flatMap((block) => {
    const point = block['cachePoint'] as { ttl?: string } | undefined;
    return point === undefined ? [] : [point.ttl ?? '5m'];
  });
}
