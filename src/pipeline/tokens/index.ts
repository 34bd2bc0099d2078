// Token arithmetic: deterministic estimates, the learned per-model correction, a per-assembly memo, cutting text to a cap.
export { createMemoEstimator, PLAIN_ESTIMATOR } from './create-memo-estimator.ts';
export type { PromptEstimator } from './create-memo-estimator.ts';
export { cutAtSentence, cutToTokens, trimToLastSentence } from './cut-at-sentence.ts';
export {
  estimateBlockTokens,
  estimateMessageTokens,
  estimateRequestTokens,
  estimateTextTokens,
  estimateToolTokens,
  TOOL_USE_SYSTEM_TOKENS,
} from './estimate-tokens.ts';
export {
  correctionRatio,
  correctTokens,
  createTokenCorrection,
  restoreTokenCorrection,
  toModelKey,
  totalInputTokens,
  updateTokenCorrection,
} from './learn-token-correction.ts';
export type { ModelCorrection, TokenCorrection, TokenSample } from './learn-token-correction.ts';
