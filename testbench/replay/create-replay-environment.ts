// Opens what a replay run needs: the migrated libSQL database, the store, the registry, and the simulator or live Bedrock.
import { createClient } from '@libsql/client';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createModelCaller } from '../../src/bedrock/call-model.ts';
import { type BedrockConnection, createBedrockClient } from '../../src/bedrock/create-bedrock-client.ts';
import { type Logger, SILENT_LOGGER } from '../../src/logger.ts';
import { createToolIndex } from '../../src/pipeline/tool-search/index.ts';
import { createLibsqlStore } from '../../src/store/create-libsql-store.ts';
import { migrate } from '../../src/store/migrate.ts';
import { openDatabase } from '../../src/store/open-database.ts';
import type { TurnDependencies, TurnSettings } from '../../src/turn/turn-dependencies.ts';
import { type Clock, createClock, createSimulator, startSimulatorServer } from '../simulator/index.ts';
import type { Conversation } from './conversation-format.ts';
import { createReplayRegistry } from './create-replay-registry.ts';
import {
  type DomainToolChoice,
  findEveryToolProblem,
  resolveDomainToolPolicy,
} from '../../src/turn/offer-every-domain-tool.ts';
import { createBaselineMeasurer } from './measure-baselines.ts';
import type { FindToolsQuery } from './create-scripted-model.ts';
import type { ReplayEnvironment, ReplayService } from './replay-conversation.ts';

export type ReplayEnvironmentOptions = {
  readonly conversations: readonly Conversation[];
  readonly manifests: readonly { readonly label: string; readonly json: unknown }[];
  readonly settings: TurnSettings;
  /** Asset texts by id (`--assets`); none by default. */
  readonly assets?: ReadonlyMap<string, string>;
  readonly createService: (deps: TurnDependencies) => ReplayService;
  /** A libSQL URL (`file:…`) to keep; default a temp file removed on close. */
  readonly databaseUrl?: string;
  /** Real Bedrock instead of the simulator. */
  readonly live?: BedrockConnection;
  readonly logger?: Logger;
  /** Measure baselines in worker threads (Node with tsx only). */
  readonly baselinesInWorkers?: boolean;
  /** What the replayed model's find_tools queries say (simulator only); default `user-words`. */
  readonly findToolsQuery?: FindToolsQuery;
  /**
   * The simulator's seed (simulator only; default `replay`): with the request, it decides what the stand-in for the
   * cheap model draws from a selector's shortlist, so another seed shows how much a figure owes to those draws.
   */
  readonly simulatorSeed?: string;
};

export type OpenedEnvironment =
  | {
    readonly ok: true;
    readonly environment: ReplayEnvironment;
    readonly standIns: readonly string[];
    readonly databaseUrl: string;
    /** What DOMAIN_TOOLS=auto, the service's default, comes to for this catalogue (whatever the run's policy). */
    readonly autoChoice: DomainToolChoice;
    close(): Promise<void>;
  }
  | {
    readonly ok: false;
    readonly reason: string;
    /** Set when DOMAIN_TOOLS=all was refused: the domain tools take more than half the prompt cap. */
    readonly everyToolRefused?: true;
  };

/** The wall clock, for live runs: recorded times cannot move real Bedrock's cache, so they are not applied. */
const WALL_CLOCK: Clock = { now: () => Date.now(), advance: () => undefined, set: () => undefined };

/**
 * Opens the environment. Invariants: the simulator (a loopback server reached through the real SDK client) starts at
 * the first conversation's first turn; the baselines' simulators last the run too (see createBaselineMeasurer); the
 * database is migrated before use; `close` releases everything it opened (the baselines' workers included) and
 * removes a temp database. Bad manifests come back as `{ ok: false }`.
 */
export async function createReplayEnvironment(options: ReplayEnvironmentOptions): Promise<OpenedEnvironment> {
  const built = createReplayRegistry({ manifests: options.manifests, conversations: options.conversations });
  if (!built.ok) return built;
  // --domain-tools all over a catalogue too large to send whole: said here, before any conversation starts.
  const problem = findEveryToolProblem(built.registry, options.settings);
  if (problem !== undefined) return { ok: false, reason: problem, everyToolRefused: true };
  // What DOMAIN_TOOLS=auto comes to for this catalogue, and so the policy the service will run, for the run's report.
  const autoChoice = resolveDomainToolPolicy(built.registry, { ...options.settings, domainToolPolicy: 'auto' });
  const { domainToolPolicy } = options.settings;
  const settings = {
    ...options.settings,
    domainToolPolicy: domainToolPolicy === 'auto' ? autoChoice.policy : domainToolPolicy,
  };
  const temp = options.databaseUrl === undefined ? mkdtempSync(join(tmpdir(), 'tokenwise-replay-')) : undefined;
  const databaseUrl = options.databaseUrl ?? `file:${join(temp as string, 'replay.db')}`;
  const start = Date.parse(options.conversations[0]?.turns[0]?.at ?? '');
  const simulated = options.live === undefined;
  const clock = simulated ? createClock(Number.isFinite(start) ? start : undefined) : WALL_CLOCK;
  const simulator = simulated ? createSimulator({ clock, seed: options.simulatorSeed ?? 'replay' }) : undefined;
  const server = simulator === undefined ? undefined : await startSimulatorServer({ simulator });
  const connection: BedrockConnection = options.live ?? { region: 'us-east-1', endpoint: server?.url ?? '' };
  const database = await openDatabase({ url: databaseUrl, createClient });
  // The baselines send every registered tool; their caches, like ours, last the whole run.
  const baselines = createBaselineMeasurer({
    modelId: options.settings.mainModelId,
    tools: built.registry.all().map((spec) => ({
      name: spec.name,
      description: spec.description,
      inputSchema: { json: spec.inputSchema },
    })),
    inWorkers: options.baselinesInWorkers === true,
  });
  const close = async (): Promise<void> => {
    await baselines.close();
    await database.close();
    await server?.close();
    if (temp !== undefined) rmSync(temp, { recursive: true, force: true });
  };
  try {
    await migrate(database);
  } catch (error) {
    await close();
    return { ok: false, reason: `database ${databaseUrl}: ${error instanceof Error ? error.message : String(error)}` };
  }
  let storeIds = 0;
  const idPrefix = `${Date.now().toString(36)}-`;
  const environment: ReplayEnvironment = {
    store: createLibsqlStore({
      database,
      clock: () => new Date(clock.now()),
      createId: () => `${idPrefix}s${(storeIds += 1).toString(36)}`,
    }),
    database,
    models: createModelCaller(createBedrockClient(connection)),
    registry: built.registry,
    toolIndex: createToolIndex(built.registry.domainTools()),
    standardHandlers: built.standardHandlers,
    settings,
    assets: options.assets ?? new Map(),
    clock,
    ...(simulator === undefined ? {} : { simulator }),
    createService: options.createService,
    logger: options.logger ?? SILENT_LOGGER,
    userId: 'replay-user',
    idPrefix,
    baselines,
    ...(options.findToolsQuery === undefined ? {} : { findToolsQuery: options.findToolsQuery }),
  };
  return { ok: true, environment, standIns: built.standIns, databaseUrl, autoChoice, close };
}
