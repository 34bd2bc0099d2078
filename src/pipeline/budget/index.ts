// Budgets: limits per user and conversation over rolling windows, the check before a model call, and when to retry.
export {
  BUDGET_KEYS,
  type BudgetKey,
  type BudgetLimits,
  type BudgetMeasure,
  type BudgetNeed,
  type BudgetOverride,
  type BudgetPeriod,
  type BudgetSpend,
  type BudgetSubject,
  type BudgetVerdict,
  checkBudget,
  isBudgetKey,
  mergeBudgetLimits,
  parseBudgetOverride,
  PERIOD_MS,
  remainingBudget,
  splitBudgetKey,
} from './budget-limits.ts';
export { computeRetryAfterSeconds, type RetryAfterInput, type SpendBucket } from './compute-retry-after.ts';
