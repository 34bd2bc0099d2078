// The pipeline's public API: pure prompt steps (no I/O, clock or randomness). The turn loop imports from here only.

// Shared shapes
export { isCachePoint } from './prompt-types.ts';
export type {
  CachePoint,
  CacheTtl,
  ContentBlock,
  JsonSchema,
  Message,
  ModelReply,
  PromptMessage,
  PromptRequest,
  Role,
  StopReason,
  TextBlock,
  ToolChoice,
  ToolDefinition,
  ToolResultBlock,
  ToolUseBlock,
  Usage,
} from './prompt-types.ts';

// Window, cache points, assets, assembly and the budget guard
export { DEFAULT_WINDOW_MAX, DEFAULT_WINDOW_MIN, isSafeBoundary, slideWindow } from './slide-window.ts';
export type { SlideWindowOptions, SlideWindowResult, WindowMessage } from './slide-window.ts';
export { renderTruncationMarker, truncateToolResult } from './truncate-tool-result.ts';
export { placeCachePoints } from './place-cache-points.ts';
export type { CacheLayer, CachePointDecision, PlaceCachePointsOptions, PlaceCachePointsResult } from './place-cache-points.ts';
export { GET_ASSET_TOOL, GET_ASSET_TOOL_NAME, createGetAssetTool, renderAssetIndex } from './render-asset-index.ts';
export { resolveAssetRequest } from './resolve-asset-request.ts';
export type { ResolveAssetRequestOptions } from './resolve-asset-request.ts';
export { pinAssets } from './pin-assets.ts';
export type { PinAssetsOptions, PinAssetsResult } from './pin-assets.ts';
export type { AssetExposure, AssetResolution } from './asset-types.ts';
export { NO_SUMMARY_LEAD, buildPromptMessages } from './build-prompt-messages.ts';
export { OLD_TOOL_RESULT_MAX_TOKENS, fitToBudget } from './fit-to-budget.ts';
export type { BudgetLayers, FallbackStep, FitToBudgetOptions, FitToBudgetResult } from './fit-to-budget.ts';
export { assemblePrompt } from './assemble-prompt.ts';
export type { AssemblePromptInput, AssemblePromptResult, AssemblyReport } from './assemble-prompt.ts';
export { PLAIN_ESTIMATOR, createMemoEstimator } from './create-memo-estimator.ts';
export type { PromptEstimator } from './create-memo-estimator.ts';

// Tokens, validity, summary (H3a)
export { TOOL_USE_SYSTEM_TOKENS, estimateBlockTokens, estimateMessageTokens, estimateRequestTokens, estimateTextTokens, estimateToolTokens } from './estimate-tokens.ts';
export { correctTokens, createTokenCorrection, totalInputTokens, updateTokenCorrection } from './learn-token-correction.ts';
export type { ModelCorrection, TokenCorrection, TokenSample } from './learn-token-correction.ts';
export { checkPromptRequest } from './check-prompt-request.ts';
export type { PromptCheckFacts, PromptCheckOptions, PromptCheckResult, PromptProblem, PromptRule } from './check-prompt-request.ts';
export { DEFAULT_SUMMARY_CAP_TOKENS, MAX_SUMMARY_CAP_TOKENS, MIN_SUMMARY_CAP_TOKENS, planSummary } from './plan-summary.ts';
export type { PlanSummaryInput, SummarisePlan, SummaryPlan, SummaryRecord } from './plan-summary.ts';
export { applySummary } from './apply-summary.ts';
export type { ApplySummaryInput, ApplySummaryResult, SummaryGapReason } from './apply-summary.ts';
export { SUMMARY_LEAD, renderSummaryForPrompt } from './render-summary-for-prompt.ts';
export { cutAtSentence, cutToTokens } from './cut-at-sentence.ts';

// Tools: registry, ranking, selection (H2)
export { STANDARD_TAG, createToolRegistry, toToolDefinition } from './tool-registry.ts';
export type { LoadManifestResult, RegisterOptions, ToolInput, ToolRegistry, ToolSpec } from './tool-registry.ts';
export { createToolIndex, rankTools } from './rank-tools.ts';
export type { RankToolsInput, RankedTool, ToolIndex } from './rank-tools.ts';
export { createBm25Index, rankToolsBm25 } from './rank-tools-bm25.ts';
export { applyToolSelection, planToolSelection } from './select-tools.ts';
export type { ApplyToolSelectionInput, PlanToolSelectionInput, ToolSelection, ToolSelectionPlan } from './select-tools.ts';
export { measureRecall, parseLabelledQueries, recallAt } from './measure-recall.ts';
export type { LabelledQuery, MeasureRecallOptions, RecallReport } from './measure-recall.ts';

// Costs and cache diagnostics
export { computeCost, computeSavingPercent, computeUncachedCost } from './compute-cost.ts';
export type { TokenPrices } from './compute-cost.ts';
export { diagnoseCacheMiss, fingerprintText } from './diagnose-cache-miss.ts';
export type { CacheMissReason, DiagnoseCacheMissInput, PromptFingerprint } from './diagnose-cache-miss.ts';
