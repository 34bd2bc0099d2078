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
import type { ConversationStore } from '../store/conversation-store.ts';
import type { ConversationUsage } from './chat-service.ts';

export type UserUsage = {
  /** Every model call the user ever made, deleted conversations included. */
  readonly totals: Omit<ConversationUsage, 'summaryTokens' | 'cacheWithheld'> & { readonly calls: number };
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

export type InsightService = {
  getUserUsage(input: { readonly userId: string }): Promise<UserUsage>;
};

export type InsightDependencies = {
  readonly store: ConversationStore;
  readonly budgets: BudgetLimits;
  readonly maxConcurrentTurns: number;
  readonly clock: () => Date;
};

export function createInsightService(deps: InsightDependencies): InsightService {
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
  };
}
