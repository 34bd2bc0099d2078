// The records the conversation store reads and writes. Times are ISO-8601 UTC strings.
import type { BilledUsage } from '../pipeline/cost/index.ts';
import type { ContentBlock, Role, ToolResultBlock } from '../pipeline/types/index.ts';

/** Every store call names the user it acts for: another user's conversation behaves exactly as a missing one. */
export type ConversationScope = { readonly ownerId: string; readonly conversationId: string };

export type ConversationRecord = {
  readonly id: string;
  readonly ownerId: string;
  readonly title: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  /** The asset session: exposures are recorded per session. */
  readonly sessionId: string | null;
  readonly sessionStartedAt: string | null;
  readonly lastActivityAt: string | null;
  /** The sticky tool selection (tool names), most recently used first; null until one is made. */
  readonly selectedTools: readonly string[] | null;
  /** The same tools in the order the last request sent them (each keeps its place, new ones last); null until then. */
  readonly toolOrder: readonly string[] | null;
  /** The one running turn, if any; a lock past `until` may be taken over. */
  readonly turnLock: { readonly owner: string; readonly until: string } | null;
};

/** A message to append; the store assigns `seq` (and `id` when absent). */
export type NewMessage = {
  readonly id?: string;
  readonly role: Role;
  /** Non-empty. */
  readonly content: readonly ContentBlock[];
  /** The user-visible text for history pages; defaults to the text blocks joined by blank lines. */
  readonly text?: string;
  /** False for internal tool traffic, which history pages never show. */
  readonly visible: boolean;
  readonly tokenEstimate: number;
};

export type StoredMessage = {
  readonly id: string;
  /** 1, 2, 3… per conversation, consecutive, in the order messages were appended. */
  readonly seq: number;
  readonly role: Role;
  readonly content: readonly ContentBlock[];
  readonly text: string;
  readonly visible: boolean;
  readonly tokenEstimate: number;
  readonly turnId: string | null;
  readonly createdAt: string;
};

export type SummaryGap = {
  readonly reason: string;
  readonly fromSeq: number;
  readonly toSeq: number;
  readonly at: string;
};

/** The rolling summary: it covers every message with seq ≤ coversUpToSeq. Version 0 is the empty initial memory. */
export type MemoryRecord = {
  readonly summary: string;
  readonly coversUpToSeq: number;
  readonly version: number;
  readonly summaryTokens: number;
  /** The most recent gaps (bounded list); `gapCount` counts all of them. */
  readonly gaps: readonly SummaryGap[];
  readonly gapCount: number;
  /** Messages coverage moved past without a summary of them (the summariser kept failing). */
  readonly unsummarisedMessages: number;
  readonly updatedAt: string;
};

/** A versioned write's outcome: `stale` means someone saved first, and nothing was written. */
export type VersionedWriteResult = { readonly ok: true; readonly version: number } | {
  readonly ok: false;
  readonly reason: 'stale';
  readonly currentVersion: number;
};

export type UsageKind = 'main' | 'selector' | 'summariser';

/** One model call's line in the usage ledger. Token counts are non-negative integers, costs non-negative USD. */
export type NewUsageRow = BilledUsage & {
  readonly turnId: string | null;
  readonly kind: UsageKind;
  readonly modelId: string;
  /** Estimated input tokens of the naive prompt (full history, every tool) for the same call. */
  readonly naiveInputTokens: number;
  readonly estimatedInputTokens: number;
  readonly cacheMissReason: string | null;
  /** Main calls: the prompt's layers and cache points as assembled (the console shows them). */
  readonly promptLayers?: PromptLayers | null;
};

/** Estimated tokens per prompt layer of one main call, and the cache points placed (prefix order). */
export type PromptLayers = {
  readonly tools: number;
  readonly system: number;
  /** The rolling summary and pinned asset pairs. */
  readonly summary: number;
  readonly window: number;
  readonly currentRun: number;
  readonly cachePoints: readonly { readonly layer: string; readonly ttl: '5m' | '1h'; readonly prefixTokens: number }[];
};

export type UsageTotals = BilledUsage & {
  readonly calls: number;
  readonly naiveInputTokens: number;
  readonly estimatedInputTokens: number;
  /** Tokens of the current summary (from conversation_memory). */
  readonly summaryTokens: number;
  /** Failed summary updates, and the messages that left the context unsummarised because of them. */
  readonly summaryGaps: number;
  readonly unsummarisedMessages: number;
};

/** One recorded model step of a turn attempt: what the assistant asked for, and the results recorded so far. */
export type JournalStep = {
  readonly step: number;
  readonly assistant: readonly ContentBlock[];
  readonly results: readonly ToolResultBlock[];
};

export type IdempotencyRecord = {
  readonly key: string;
  readonly requestHash: string;
  readonly status: 'pending' | 'done';
  readonly response: unknown;
  readonly createdAt: string;
};

/** `started`: this caller owns the key now; `pending`/`done`: an earlier request does; `mismatch`: same key, other request. */
export type IdempotencyBeginResult =
  | { readonly status: 'started' }
  | { readonly status: 'pending'; readonly createdAt: string }
  | { readonly status: 'done'; readonly response: unknown }
  | { readonly status: 'mismatch' };

export type TurnStatus = 'running' | 'complete' | 'failed';

export type TurnRecord = {
  readonly id: string;
  readonly conversationId: string;
  readonly status: TurnStatus;
  readonly userMessageSeq: number | null;
  readonly startedAt: string;
  readonly finishedAt: string | null;
  readonly errorCode: string | null;
};

export type AssetExposure = {
  readonly sessionId: string;
  readonly assetId: string;
  readonly messageSeq: number;
  readonly toolUseId: string | null;
  readonly createdAt: string;
};
