// The conversation store port: everything the turn loop and the HTTP layer persist. libSQL implements it.
import type { RanTools } from '../pipeline/tool-selection/index.ts';
import type {
  AssetExposure,
  ConversationRecord,
  ConversationScope,
  IdempotencyBeginResult,
  JournalStep,
  MemoryRecord,
  NewMessage,
  NewUsageRow,
  StoredMessage,
  UsageTotals,
  VersionedWriteResult,
} from './store-records.ts';
import type { ContentBlock, ToolResultBlock } from '../pipeline/types/index.ts';
import type { BudgetStore } from './budget-store.ts';
import type { ConsoleStore } from './console-store.ts';
import type { LearnedStateStore } from './learned-state-store.ts';

type Scoped<T = object> = ConversationScope & Readonly<T>;

/** What a turn reads, as one snapshot taken in the transaction that started it. */
export type TurnSnapshot = {
  /** The conversation as stored (its lock now this turn's). */
  readonly conversation: ConversationRecord;
  /** Turns left `running` by an expired holder, now failed 'abandoned'. */
  readonly abandonedTurnIds: readonly string[];
  readonly memory: MemoryRecord;
  /** Messages after `memory.coversUpToSeq`, ascending. */
  readonly uncovered: readonly StoredMessage[];
  /** The highest seq, 0 without messages. */
  readonly lastSeq: number;
  /** Sum of every message's token estimate (what a naive prompt would resend). */
  readonly historyTokens: number;
  /** Exposures recorded for the conversation's stored session id, by message seq (none without a session). */
  readonly sessionExposures: readonly AssetExposure[];
  /** Times of the latest visible user messages (at most 20), oldest first. */
  readonly recentUserTimes: readonly string[];
  /**
   * Start times of the store's latest other turns, of any conversation and user (at most 20), oldest first: how often
   * the prefix every conversation shares is read. Only times; nothing else of another conversation.
   */
  readonly recentTurnStarts: readonly string[];
  /**
   * The domain tools each of the store's latest other conversations that ran one has run, and those it ran late (at
   * most 50 conversations, the latest first), whatever their user: which tools most conversations need and lack. Only
   * tool names.
   */
  readonly recentRanTools: readonly RanTools[];
  /** Visible user messages stored so far (the turns before this one). */
  readonly userMessageCount: number;
  /** Times the domain tool selection changed after the first one (a rewrite of the prefix behind the tools). */
  readonly toolChanges: number;
};

export type StartTurnResult =
  | ({ readonly ok: true } & TurnSnapshot)
  | { readonly ok: false; readonly reason: 'conflict'; readonly lockedUntil: string | null };

export type TurnWriteResult =
  | { readonly ok: true; readonly messages: readonly StoredMessage[] }
  | { readonly ok: false; readonly reason: 'lock_not_held' | 'turn_not_running' };

export type FinishTurnInput = Scoped<{
  turnId: string;
  messages?: readonly NewMessage[];
  usage?: readonly NewUsageRow[];
  /** Marks this idempotency key done with `response`, in the same transaction. */
  idempotency?: { readonly key: string; readonly response: unknown };
  /** Default true: the turn lock (if this turn holds it) is released in the same transaction. */
  releaseLock?: boolean;
  /** The conversation's asset session after this turn, stored in the same transaction, only if the turn was running. */
  session?: { readonly sessionId: string; readonly sessionStartedAt: string; readonly lastActivityAt: string };
  /**
   * The conversation's domain tools after this turn (most recently used first), stored in the same transaction, only if
   * the turn was running; a change of the set is counted as setSelectedTools counts it.
   */
  selectedTools?: readonly string[];
  /** The order this turn's last request sent the domain tools in, stored like `selectedTools`. */
  toolOrder?: readonly string[];
}>;

/**
 * Every method is scoped by `ownerId`: a conversation of another owner, or none, makes every method except
 * getConversation (null) and deleteConversation (false) fail with AppError('not_found'). Expected outcomes (lock
 * conflict, stale memory, idempotency state) are values. Storage failures are AppError 'store_busy' / 'store_error';
 * malformed arguments from code are 'internal', from a client (cursor, limit) 'bad_request'.
 */
export interface ConversationStore extends BudgetStore, LearnedStateStore, ConsoleStore {
  createConversation(
    input: { readonly ownerId: string; readonly title?: string; readonly id?: string },
  ): Promise<ConversationRecord>;
  getConversation(scope: ConversationScope): Promise<ConversationRecord | null>;
  /** Removes the conversation and everything derived from it; false when there was nothing of this owner's. */
  deleteConversation(scope: ConversationScope): Promise<boolean>;
  /**
   * Stores the tool selection (most recently used first) and, when given, the order its request sends them in; clearing
   * the selection (null) clears the order too.
   */
  setSelectedTools(
    input: Scoped<{ tools: readonly string[] | null; order?: readonly string[] | null }>,
  ): Promise<void>;

  /**
   * Adds `tools` (domain tools a turn ran) and `late` (those of them its list lacked at the start, or offered only as
   * staples) to the conversation's sets, and marks it as having run one at `at`: what the staples are read from
   * (TurnSnapshot.recentRanTools).
   */
  recordRanTools(input: Scoped<{ tools: readonly string[]; late: readonly string[]; at: Date }>): Promise<void>;

  /**
   * In ONE transaction: takes the one-turn-at-a-time lock until `now + leaseMs` (free, expired or already this turn's;
   * turns left `running` by an expired holder are marked failed 'abandoned' and listed), begins the turn (running, no
   * messages yet) and reads the TurnSnapshot; a refused lock changes and reads nothing (conflict, with its expiry).
   */
  startTurn(input: Scoped<{ turnId: string; now: Date; leaseMs: number }>): Promise<StartTurnResult>;
  /** Moves the lease of a lock `turnId` still holds to `now + leaseMs`; `ok: false` when it no longer holds it. */
  renewTurnLock(
    input: Scoped<{ turnId: string; now: Date; leaseMs: number }>,
  ): Promise<{ readonly ok: true; readonly lockedUntil: string } | { readonly ok: false }>;
  /** Appends the turn's messages, usage and idempotency answer, marks it complete and releases the lock: all or nothing. */
  completeTurn(input: FinishTurnInput): Promise<TurnWriteResult>;
  /** As completeTurn, marking the turn failed with `errorCode`. */
  failTurn(input: FinishTurnInput & { readonly errorCode: string }): Promise<TurnWriteResult>;

  /** Messages with seq > `afterSeq` (default: the memory's coversUpToSeq), ascending. */
  loadUncovered(input: Scoped<{ afterSeq?: number }>): Promise<readonly StoredMessage[]>;
  /** A page of visible messages before the `before` cursor (default: the newest), oldest first; `nextBefore` continues. */
  listVisibleMessages(
    input: Scoped<{ before?: string; limit: number }>,
  ): Promise<{ readonly messages: readonly StoredMessage[]; readonly nextBefore: string | null }>;

  /** Sum of every message's token estimate (from `fromSeq` on, default all): what a naive prompt would resend. */
  historyTokenTotal(input: Scoped<{ fromSeq?: number }>): Promise<number>;
  /** The messages with these seqs (missing ones are skipped), ascending. */
  loadMessagesBySeq(input: Scoped<{ seqs: readonly number[] }>): Promise<readonly StoredMessage[]>;

  loadMemory(scope: ConversationScope): Promise<MemoryRecord>;
  /** Writes the summary only if the memory is still at `expectedVersion` and coverage does not move back; else stale. */
  saveMemory(
    input: Scoped<{ expectedVersion: number; summary: string; coversUpToSeq: number; summaryTokens: number }>,
  ): Promise<VersionedWriteResult>;
  /** Records a failed summary update for messages fromSeq..toSeq, keeping the summary; optionally advances coverage to toSeq. */
  recordGap(
    input: Scoped<
      { expectedVersion: number; reason: string; fromSeq: number; toSeq: number; advanceCoverage: boolean }
    >,
  ): Promise<VersionedWriteResult>;

  recordUsage(input: Scoped<{ usage: NewUsageRow }>): Promise<{ readonly id: string }>;
  usageTotals(scope: ConversationScope): Promise<UsageTotals>;

  /**
   * Claims `key` atomically: the first caller gets `started`, later ones the earlier state (or `mismatch` for another
   * request hash). A pending claim older than `takeOverPendingOlderThanMs` (a crashed request) is taken over.
   */
  beginIdempotency(
    input: Scoped<{ key: string; requestHash: string; takeOverPendingOlderThanMs?: number }>,
  ): Promise<IdempotencyBeginResult>;
  /** Deletes a pending claim (the request failed: a retry may run again); false if none was pending. */
  abandonIdempotency(input: Scoped<{ key: string }>): Promise<boolean>;

  /**
   * Records a model step that asked for tools (before any of them runs) under the turn's Idempotency-Key; a step
   * recorded earlier under the key is replaced, with no results.
   */
  recordJournalStep(
    input: Scoped<
      { key: string; requestHash: string; step: number; turnId: string; assistant: readonly ContentBlock[] }
    >,
  ): Promise<void>;
  /** Appends one tool result to a recorded step, as soon as the tool returned. */
  recordJournalResult(input: Scoped<{ key: string; step: number; result: ToolResultBlock }>): Promise<void>;
  /** The recorded steps of the key, first first; none when they were recorded for another request hash. */
  loadTurnJournal(input: Scoped<{ key: string; requestHash: string }>): Promise<readonly JournalStep[]>;
  /** Forgets the key's recorded steps (the turn was stored). */
  clearTurnJournal(input: Scoped<{ key: string }>): Promise<void>;

  /** Records that the asset was shown in this session; the first exposure wins (false when already recorded). */
  recordAssetExposure(
    input: Scoped<{ sessionId: string; assetId: string; messageSeq: number; toolUseId?: string }>,
  ): Promise<boolean>;
}
