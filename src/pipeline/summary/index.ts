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
export { extractFacts, FACT_KINDS, foldFactKey } from './extract-facts.ts';
export type { ExtractedFact, FactKind } from './extract-facts.ts';
export { readMessageText, updateFactList } from './update-fact-list.ts';
export type { FactEntry } from './update-fact-list.ts';
export { FACT_LIST_HEADER, parseFactList, renderFactList } from './render-fact-list.ts';
export { FACT_LIST_CAP_SHARE, planFactList } from './plan-fact-list.ts';
export type { FactListPlan } from './plan-fact-list.ts';
