// Token arithmetic: deterministic estimates, the learned per-model correction, a per-assembly memo, cutting text to a cap.
export { PLAIN_ESTIMATOR, createMemoEstimator } from './create-memo-estimator.ts';
export type { PromptEstimator } from './create-memo-estimator.ts';
export { cutAtSentence, cutToTokens, trimToLastSentence } from './cut-at-sentence.ts';
export { TOOL_USE_SYSTEM_TOKENS, estimateBlockTokens, estimateMessageTokens, estimateRequestTokens, estimateTextTokens, estimateToolTokens } from './estimate-tokens.ts';
export { correctTokens, createTokenCorrection, totalInputTokens, updateTokenCorrection } from './learn-token-correction.ts';
export type { ModelCorrection, TokenCorrection, TokenSample } from './learn-token-correction.ts';
