// What the turn loop needs from the outside world, passed in once: store, model caller, tools, content, clock and ids.
import type { ModelCaller } from '../bedrock/call-model.ts';
import { DEFAULT_LIMITS, type DomainToolPolicy } from '../defaults.ts';
import type { Logger } from '../logger.ts';
import type { BudgetLimits } from '../pipeline/budget/index.ts';
import type { CacheTtl } from '../pipeline/types/index.ts';
import type { ToolIndex } from '../pipeline/tool-search/index.ts';
import type { ToolRegistry } from '../pipeline/tool-catalogue/index.ts';
import type { ConversationStore } from '../store/conversation-store.ts';
import type { Database } from '../store/database.ts';
import type { ToolHandler } from '../tools/tool-handler.ts';
import type { HostResolver } from './http-tool/check-destination.ts';

export type TurnSettings = {
  readonly mainModelId: string;
  readonly cheapModelId: string;
  /** The prompt cap on input tokens (guarded before every main call). */
  readonly maxInputTokens: number;
  readonly maxOutputTokens: number;
  readonly summaryMaxTokens: number;
  readonly windowMin: number;
  readonly windowMax: number;
  readonly maxToolSteps: number;
  readonly staticTtl: CacheTtl;
  /** 'adaptive': per conversation from the gaps between its user messages (pipeline/cache-ttl); or fixed. */
  readonly cacheTtlPolicy: 'adaptive' | CacheTtl;
  readonly toolResultMaxTokens: number;
  readonly minDomainTools: number;
  readonly maxDomainTools: number;
  /**
   * `select`: the 3-5 domain tools a request needs; `all`: every domain tool on every request; `auto`: the one the
   * catalogue's size says, resolved by createChatService (a step given `auto` directly selects) (DOMAIN_TOOLS).
   */
  readonly domainToolPolicy: DomainToolPolicy;
  /** A conversation idle this long starts a new asset session (assets are shown again once). */
  readonly sessionIdleMs: number;
  /** Pins of get_asset results are dropped once the session has this many tokens of conversation (ADR 0028 follow-up). */
  readonly assetPinMaxTokens: number;
  /** The one-turn lock's lease; a crashed turn's lock expires after it. */
  readonly turnLeaseMs: number;
  /** A turn still running after this fails cleanly: usage recorded, lock and key freed. */
  readonly turnDeadlineMs: number;
  readonly toolTimeoutMs: number;
  readonly selectorTimeoutMs: number;
  /** Budgets per user and conversation (per-user overrides in the store replace them); empty = none. */
  readonly budgets: BudgetLimits;
  /** Turns one user may run at once, across conversations. */
  readonly maxConcurrentTurns: number;
  /** Unread writes in a row after which a cache checkpoint is withheld for the conversation. */
  readonly cacheUnreadWriteLimit: number;
  /** Calls after which a checkpoint withheld for an unexplained miss is placed once more (a probe). */
  readonly cacheProbeEveryCalls: number;
};

/** The turn settings when nothing is configured (src/defaults.ts), with no budgets. */
export const DEFAULT_TURN_SETTINGS: Omit<TurnSettings, 'mainModelId' | 'cheapModelId'> = {
  ...DEFAULT_LIMITS,
  budgets: {},
};

/** What a deployer configures: the instructions, the safety rules and the asset texts by id. */
export type PromptContent = {
  readonly instructions: string;
  readonly safetyRules: string;
  readonly assets: ReadonlyMap<string, string>;
};

export type TurnDependencies = {
  readonly store: ConversationStore;
  readonly models: ModelCaller;
  readonly registry: ToolRegistry;
  readonly toolIndex: ToolIndex;
  /** Code handlers by tool name; tools with an `http` spec are called over HTTP; others answer an error result. */
  readonly handlers: ReadonlyMap<string, ToolHandler>;
  /** The database the demo tools run their SQL on. */
  readonly database: Database;
  readonly content: PromptContent;
  readonly settings: TurnSettings;
  readonly logger: Logger;
  readonly clock: () => Date;
  readonly createId: () => string;
  /** Keeps work going after the reply (waitUntil at the edge, a tracked promise on Node). Must not throw. */
  readonly runInBackground: (task: Promise<unknown>) => void;
  /** For HTTP tool handlers. */
  readonly fetch: typeof fetch;
  /** How HTTP tools identify the caller (TOOL_CALLER_SECRET's key) and resolve hosts for the private-address check. */
  readonly httpTools?: {
    readonly callerKey?: Promise<CryptoKey>;
    readonly resolveHost?: HostResolver;
  };
};
