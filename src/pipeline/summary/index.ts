// The rolling summary: what leaves the window, the summariser's request, and the checked, capped answer.
export { applySummary } from './apply-summary.ts';
export type { ApplySummaryInput, ApplySummaryResult, SummaryGapReason } from './apply-summary.ts';
export {
  DEFAULT_SUMMARY_CAP_TOKENS,
  MAX_SUMMARY_CAP_TOKENS,
  MIN_SUMMARY_CAP_TOKENS,
  planSummary,
} from './plan-summary.ts';
export type { PlanSummaryInput, SummarisePlan, SummaryPlan, SummaryRecord } from './plan-summary.ts';
export { renderSummaryForPrompt, SUMMARY_LEAD } from './render-summary-for-prompt.ts';
