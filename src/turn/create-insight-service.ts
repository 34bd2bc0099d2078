// Read-only views for the caller: their usage totals and remaining budgets (GET /v1/usage), and the console's data.
import { AppError } from '../errors.ts';
import {
  BUDGET_KEYS,
  type BudgetKey,
  type BudgetLimits,
  mergeBudgetLimits,
  remainingBudget,
} from '../pipeline/budget/index.ts';
import { computeSavingPercent, pickBilledUsage } from '../pipeline/cost/index.ts';
import type { ConversationCost } from '../store/console-store.ts';
import type { ConversationStore } from '../store/conversation-store.ts';
import type { ConversationUsage } from './chat-service.ts';
import { type ConsoleTurn, shapeConsoleTurns } from './shape-console-turns.ts';

export type UserUsage = {
  /** Every model call the user ever made, deleted conversations included. */
  readonly totals:
    & Omit<ConversationUsage, 'summaryTokens' | 'summaryGaps' | 'unsummarisedMessages' | 'cacheWithheld'>
    & { readonly calls: number };
  /** Spent in the rolling windows (tokens = input + cache read + cache write + output). */
  readonly windows: {
    readonly day: { readonly tokens: number; readonly costUSD: number };
    readonly month: { readonly tokens: number; readonly costUSD: number };
  };
  /** The limits that apply to this user (environment merged with their override); absent keys have no limit. */
  readonly limits: Partial<Record<BudgetKey, number>>;
  /** What is left under each of the user's own limits (`user.*`); per-conversation limits are left per conversation. */
  readonly remaining: Partial<Record<BudgetKey, number>>;
  readonly concurrentTurns: { readonly running: number; readonly limit: number };
};

/** A conversation's totals as the store keeps them, with the saving against the naive counterfactual. */
export type ConsoleConversation = ConversationCost & { readonly savingPercent: number };

export type ConsoleConversationTurns = {
  readonly conversation: { readonly id: string; readonly title: string | null };
  /** Every call of the conversation (as GET /v1/conversations/:id/usage), also those of turns not listed. */
  readonly totals:
    & Omit<ConversationUsage, 'summaryTokens' | 'summaryGaps' | 'unsummarisedMessages' | 'cacheWithheld'>
    & { readonly calls: number };
  /** The last `limit` turns, oldest first. */
  readonly turns: readonly ConsoleTurn[];
};

export type InsightService = {
  getUserUsage(input: { readonly userId: string }): Promise<UserUsage>;
};

/** The console's data (GET /v1/console/…). */
export type ConsoleService = {
  /** The caller's conversations with their cost, most recently updated first. */
  listConsoleConversations(input: { readonly userId: string; readonly limit?: number }): Promise<{
    readonly conversations: readonly ConsoleConversation[];
  }>;
  /** Per-turn figures of one of the caller's conversations (AppError not_found for any other). */
  getConsoleTurns(
    input: { readonly userId: string; readonly conversationId: string; readonly limit?: number },
  ): Promise<ConsoleConversationTurns>;
};

/** Conversations and turns the console lists by default. */
export const CONSOLE_DEFAULT_LIMIT = 200;

export type InsightDependencies = {
  readonly store: ConversationStore;
  readonly budgets: BudgetLimits;
  readonly maxConcurrentTurns: number;
  readonly clock: () => Date;
};

export function createInsightService(deps: InsightDependencies): InsightService & ConsoleService {
  return {
    async getUserUsage({ userId }) {
      if (userId.length === 0) throw new AppError('unauthorized', 'no user');
      const [state, totals] = await Promise.all([
        deps.store.readBudgetState({ ownerId: userId, conversationId: null, now: deps.clock() }),
        deps.store.userUsageTotals({ ownerId: userId }),
      ]);
      const limits = mergeBudgetLimits(deps.budgets, state.override);
      const remaining = remainingBudget(limits, state.spent);
      for (const key of BUDGET_KEYS) if (key.startsWith('conversation.')) delete remaining[key];
      return {
        totals: {
          calls: totals.calls,
          ...pickBilledUsage(totals),
          savingPercent: computeSavingPercent(totals.costUSD, totals.naiveCostUSD),
        },
        windows: {
          day: { tokens: state.spent['user.day.tokens'], costUSD: state.spent['user.day.usd'] },
          month: { tokens: state.spent['user.month.tokens'], costUSD: state.spent['user.month.usd'] },
        },
        limits: { ...limits },
        remaining,
        concurrentTurns: { running: state.runningTurns, limit: deps.maxConcurrentTurns },
      };
    },

    async listConsoleConversations({ userId, limit }) {
      if (userId.length === 0) throw new AppError('unauthorized', 'no user');
      const rows = await deps.store.listConversationCosts({ ownerId: userId, limit: limit ?? CONSOLE_DEFAULT_LIMIT });
      return {
        conversations: rows.map((row) => ({
          id: row.id,
          title: row.title,
          createdAt: row.createdAt,
          updatedAt: row.updatedAt,
          turns: row.turns,
          calls: row.calls,
          costUSD: row.costUSD,
          naiveCostUSD: row.naiveCostUSD,
          savingPercent: computeSavingPercent(row.costUSD, row.naiveCostUSD),
        })),
      };
    },

    async getConsoleTurns({ userId, conversationId, limit }) {
      if (userId.length === 0) throw new AppError('unauthorized', 'no user');
      const scope = { ownerId: userId, conversationId };
      const conversation = await deps.store.getConversation(scope);
      if (conversation === null) throw new AppError('not_found', 'conversation not found');
      const [turns, totals] = await Promise.all([
        deps.store.listTurnCalls({ ...scope, limit: limit ?? CONSOLE_DEFAULT_LIMIT }),
        deps.store.usageTotals(scope),
      ]);
      return {
        conversation: { id: conversation.id, title: conversation.title },
        totals: {
          calls: totals.calls,
          inputTokens: totals.inputTokens,
          outputTokens: totals.outputTokens,
          cacheReadInputTokens: totals.cacheReadInputTokens,
          cacheWriteInputTokens: totals.cacheWriteInputTokens,
          costUSD: totals.costUSD,
          naiveCostUSD: totals.naiveCostUSD,
          savingPercent: computeSavingPercent(totals.costUSD, totals.naiveCostUSD),
        },
        turns: shapeConsoleTurns(turns),
      };
    },
  };
}
