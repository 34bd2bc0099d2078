// The console part of the store port: the caller's conversations with their cost, and each turn's model calls.
import type { ConversationScope, PromptLayers, UsageKind } from './store-records.ts';

/** One conversation of the owner with its totals (deleted ones are gone; GET /v1/usage keeps their spend). */
export type ConversationCost = {
  readonly id: string;
  readonly title: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly turns: number;
  readonly calls: number;
  readonly costUSD: number;
  readonly naiveCostUSD: number;
};

/** One usage-ledger row as the console shows it. */
export type CallFigures = {
  readonly kind: UsageKind;
  readonly modelId: string;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly cacheReadInputTokens: number;
  readonly cacheWriteInputTokens: number;
  readonly naiveInputTokens: number;
  readonly costUSD: number;
  readonly naiveCostUSD: number;
  readonly cacheMissReason: string | null;
  /** Main calls recorded since the console exists; null otherwise. */
  readonly promptLayers: PromptLayers | null;
  readonly createdAt: string;
};

/** One turn with its calls; background calls (summary updates) count with the turn they followed. */
export type TurnCalls = {
  readonly turnId: string;
  readonly status: 'running' | 'complete' | 'failed';
  readonly startedAt: string;
  readonly finishedAt: string | null;
  readonly errorCode: string | null;
  /** The user's message of the turn (null when the turn stored none). */
  readonly userText: string | null;
  readonly calls: readonly CallFigures[];
};

export interface ConsoleStore {
  /** The owner's conversations, most recently updated first (at most `limit`). */
  listConversationCosts(
    input: { readonly ownerId: string; readonly limit: number },
  ): Promise<readonly ConversationCost[]>;
  /**
   * The conversation's last `limit` turns, oldest first, each with its ledger rows in call order. Rows without a turn
   * (or of a turn not listed) go to the latest listed turn that started before them. AppError 'not_found' for a
   * foreign conversation.
   */
  listTurnCalls(input: ConversationScope & { readonly limit: number }): Promise<readonly TurnCalls[]>;
}
