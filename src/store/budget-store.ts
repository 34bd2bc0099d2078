// The budget part of the store port: per-user usage (it outlives conversations), spend in rolling windows, overrides.
import type {
  BudgetMeasure,
  BudgetOverride,
  BudgetPeriod,
  BudgetSpend,
  SpendBucket,
} from '../pipeline/budget/index.ts';
import type { BilledUsage } from '../pipeline/cost/index.ts';

/** What one budget check reads, in one statement: spend per limit, the user's override and their running turns. */
export type BudgetState = {
  readonly spent: BudgetSpend;
  readonly override: BudgetOverride | null;
  /** Conversations of the user whose turn lock is held now (the caller's own included once it holds one). */
  readonly runningTurns: number;
};

/** Everything a user ever used, summed over every call (deleted conversations included). */
export type UserUsageTotals = BilledUsage & { readonly calls: number };

export interface BudgetStore {
  /** Spend counts every token of a call (input, cache read and write, output) and its cost; conversation keys are 0 without a conversation. */
  readBudgetState(input: { ownerId: string; conversationId: string | null; now: Date }): Promise<BudgetState>;
  /** The window's spending of one limit in time buckets (minutes for a day, hours for a month), oldest first. */
  readSpendBuckets(
    input: {
      ownerId: string;
      conversationId: string | null;
      period: BudgetPeriod;
      measure: BudgetMeasure;
      now: Date;
    },
  ): Promise<readonly SpendBucket[]>;
  userUsageTotals(input: { ownerId: string }): Promise<UserUsageTotals>;
  getBudgetOverride(input: { ownerId: string }): Promise<BudgetOverride | null>;
  /** Replaces the user's override (null deletes it). AppError 'bad_request' for an invalid override. */
  setBudgetOverride(input: { ownerId: string; override: BudgetOverride | null }): Promise<void>;
}
