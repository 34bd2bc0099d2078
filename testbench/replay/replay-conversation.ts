// Plays one recorded conversation through the real chat service and measures its baselines on the same recorded calls.
import type { ModelCaller } from '../../src/bedrock/call-model.ts';
import type { Logger } from '../../src/logger.ts';
import type { ToolIndex } from '../../src/pipeline/tool-search/index.ts';
import type { ToolRegistry } from '../../src/pipeline/tool-catalogue/index.ts';
import type { ConversationStore } from '../../src/store/conversation-store.ts';
import type { Database } from '../../src/store/database.ts';
import type { ToolHandler } from '../../src/tools/tool-handler.ts';
import type { ChatService } from '../../src/turn/chat-service.ts';
import type { TurnDependencies, TurnSettings } from '../../src/turn/turn-dependencies.ts';
import type { Clock, Simulator } from '../simulator/index.ts';
import type { Conversation } from './conversation-format.ts';
import { createRecordedToolHandlers } from './create-recorded-tool-handlers.ts';
import { type CallRecord, createRecordingModelCaller } from './create-recording-model-caller.ts';
import { type Exchange, groupExchanges } from './group-exchanges.ts';
import { type PersistedFigures, readPersistedFigures } from './read-persisted-figures.ts';
import type { BaselineCallFigures, BaselineMeasurer } from './measure-baselines.ts';
import { createScriptedModel, type FindToolsQuery, type ToolCallVerdict } from './create-scripted-model.ts';
import { fetchAssetsAtSessionStart } from './fetch-assets-at-session-start.ts';
import { startReplayService } from './start-replay-service.ts';

export type ReplayService = ChatService & { drain(): Promise<void> };

/** What every conversation of a run shares. `simulator` is absent in live mode: then nothing is scripted. */
export type ReplayEnvironment = {
  readonly store: ConversationStore;
  readonly database: Database;
  readonly models: ModelCaller;
  readonly registry: ToolRegistry;
  readonly toolIndex: ToolIndex;
  /** Handlers of the standard tools; every other registered tool answers from the recording. */
  readonly standardHandlers: ReadonlyMap<string, ToolHandler>;
  readonly settings: TurnSettings;
  /** Asset texts by id: named in the system prompt, fetched by the replayed model at each session start. */
  readonly assets: ReadonlyMap<string, string>;
  /** The replay clock: the simulator's (driven by recorded times) or, live, the wall clock. */
  readonly clock: Clock;
  readonly simulator?: Simulator;
  readonly createService: (deps: TurnDependencies) => ReplayService;
  readonly logger: Logger;
  readonly userId: string;
  /** Prefixes every id the service creates (unique per run, so a kept database can take another run). */
  readonly idPrefix: string;
  /** Measures the baselines of each conversation, on caches kept for the whole run as ours is. */
  readonly baselines: BaselineMeasurer;
  /** What the replayed model's find_tools queries say; default `user-words` (see FindToolsQuery). */
  readonly findToolsQuery?: FindToolsQuery;
};

export type TurnFigures = {
  readonly exchange: number;
  readonly at: number;
  readonly calls: readonly CallRecord[];
  /** Tokens of the stored summary once the turn (and its background work) finished. */
  readonly summaryTokens: number;
  /**
   * The recorded assistant's tool calls in this exchange, in order, each with its verdict: offered on the first try,
   * recovered through find_tools, or missed (then never executed) — and the tool's domain (its first tag).
   */
  readonly toolCalls: readonly (ToolCallVerdict & { readonly domain: string })[];
  /** Recorded steps the service never asked for (it stopped earlier than the recording did). */
  readonly scriptLeft: number;
  readonly error?: { readonly code: string; readonly message: string };
};

export type { BaselineCallFigures };

export type ConversationReplay = {
  readonly id: string;
  readonly conversationId: string;
  readonly turns: readonly TurnFigures[];
  readonly baselineCalls: readonly BaselineCallFigures[];
  readonly persisted: PersistedFigures;
  readonly unmatchedToolCalls: number;
  readonly unusedToolOutputs: number;
};

export type ReplayConversationOptions = {
  /** Unique per run: prefixes the ids the service creates. */
  readonly index: number;
  /** Called after each user turn and each baseline request (progress). */
  readonly onProgress?: () => void;
};

/**
 * Sends every recorded user turn through `sendMessage`, with the clock at the recorded time (never moved back) and,
 * against the simulator, the recorded steps scripted as the main model's answers. A failed turn is recorded, never
 * thrown. Invariants: one TurnFigures per user turn, in order; background work is drained before the next turn.
 */
export async function replayConversation(
  env: ReplayEnvironment,
  conversation: Conversation,
  options: ReplayConversationOptions,
): Promise<ConversationReplay> {
  const { clock, simulator, settings } = env;
  // Started first: in workers they run beside the turns below.
  const baselines = env.baselines.measure(conversation, options.onProgress);
  // A failure is awaited below; until then it must not count as unhandled.
  baselines.catch(() => undefined);
  const moveClock = (at: number): void => {
    if (simulator !== undefined && at > clock.now()) clock.set(at);
  };
  const recordedTools = createRecordedToolHandlers({
    conversation,
    toolNames: env.registry.all().map((spec) => spec.name),
    onAnswer: moveClock,
  });
  // Against the simulator the recorded steps are the main model's answers, played only as far as each request allows.
  const scripted = simulator === undefined ? undefined : createScriptedModel(env.models, {
    simulator,
    mainModelId: settings.mainModelId,
    query: env.findToolsQuery ?? 'user-words',
    tagsOf: (name) => env.registry.get(name)?.tags ?? [],
    onMiss: (name) => recordedTools.skip(name),
  });
  const bootstrap = scripted === undefined || simulator === undefined ? undefined : fetchAssetsAtSessionStart({
    raw: env.models,
    scripted: scripted.caller,
    simulator,
    mainModelId: settings.mainModelId,
    assetIds: [...env.assets.keys()],
    sessionIdleMs: settings.sessionIdleMs,
  });
  const recording = createRecordingModelCaller(bootstrap?.caller ?? env.models, {
    mainModelId: settings.mainModelId,
    now: () => clock.now(),
  });
  const { service, drain } = startReplayService(env, {
    models: recording.caller,
    handlers: new Map([...recordedTools.handlers, ...env.standardHandlers]),
    instructions: conversation.system ?? '',
    idTag: `r${options.index}`,
  });
  moveClock(Date.parse(conversation.turns[0]?.at ?? ''));
  const { id: conversationId } = await service.createConversation({ userId: env.userId, title: conversation.id });
  const scope = { ownerId: env.userId, conversationId };
  const turns: TurnFigures[] = [];
  for (const [exchangeIndex, exchange] of groupExchanges(conversation).entries()) {
    moveClock(Date.parse(exchange.user.at));
    const at = clock.now();
    scripted?.begin(exchange);
    bootstrap?.begin(at);
    let error: TurnFigures['error'];
    try {
      await service.sendMessage({ userId: env.userId, conversationId, text: exchange.user.text });
    } catch (caught) {
      error = {
        code: (caught as { code?: string }).code ?? (caught instanceof Error ? caught.name : 'unknown'),
        message: caught instanceof Error ? caught.message : String(caught),
      };
    }
    await drain();
    const calls = recording.take();
    const { verdicts, stepsLeft: scriptLeft } = scripted?.finish() ??
      { verdicts: judgeLive(exchange, calls), stepsLeft: 0 };
    recordedTools.settle(exchange.steps.flatMap((step) => (step.reply.toolCalls ?? []).map((call) => call.name)));
    simulator?.log.clear();
    const memory = await env.store.loadMemory(scope);
    turns.push({
      exchange: exchangeIndex,
      at,
      calls,
      summaryTokens: memory.summaryTokens,
      toolCalls: verdicts.map((verdict) => ({ ...verdict, domain: env.registry.get(verdict.name)?.tags[0] ?? '-' })),
      scriptLeft,
      ...(error === undefined ? {} : { error }),
    });
    options.onProgress?.();
  }
  const baselineCalls = await baselines;
  return {
    id: conversation.id,
    conversationId,
    turns,
    baselineCalls,
    persisted: await readPersistedFigures(env.database, conversationId),
    unmatchedToolCalls: recordedTools.unmatchedCalls(),
    unusedToolOutputs: recordedTools.unusedOutputs(),
  };
}

/**
 * Live, the real model decides which tools it calls: a recorded call counts as offered when any main call of the
 * exchange offered its tool, else as missed (the model could not have made it); recovery is not told apart.
 */
function judgeLive(exchange: Exchange, calls: readonly CallRecord[]): readonly ToolCallVerdict[] {
  const declared = new Set(calls.filter((call) => call.kind === 'main').flatMap((call) => call.tools));
  return exchange.steps.flatMap((step, index) =>
    (step.reply.toolCalls ?? []).map((call): ToolCallVerdict =>
      declared.has(call.name)
        ? { name: call.name, step: index, verdict: 'offered' }
        : { name: call.name, step: index, verdict: 'missed', reason: 'no-find-tools' }
    )
  );
}
