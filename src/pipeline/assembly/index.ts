// Prompt assembly: layers in order, the budget ladder, cache points, and the one validity check of a request.
export { assemblePrompt } from './assemble-prompt.ts';
export type { AssemblePromptInput, AssemblePromptResult, AssemblyReport } from './assemble-prompt.ts';
export { buildPromptMessages, NO_SUMMARY_LEAD } from './build-prompt-messages.ts';
export { checkPromptRequest } from './check-prompt-request.ts';
export type {
  PromptCheckFacts,
  PromptCheckOptions,
  PromptCheckResult,
  PromptProblem,
  PromptRule,
} from './check-prompt-request.ts';
export { fitToBudget, OLD_TOOL_RESULT_MAX_TOKENS } from './fit-to-budget.ts';
export type { BudgetLayers, FallbackStep, FitToBudgetOptions, FitToBudgetResult } from './fit-to-budget.ts';
export { CACHE_LAYERS, placeCachePoints, previousRequestEnd } from './place-cache-points.ts';
export type {
  CacheLayer,
  CachePointDecision,
  PlaceCachePointsOptions,
  PlaceCachePointsResult,
} from './place-cache-points.ts';
