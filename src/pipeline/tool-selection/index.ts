// The tool-selection policy: which 3-5 domain tools a turn offers (rank, focus, keep, fill) and the cheap model's shortlist.
export { applyToolSelection } from './apply-tool-selection.ts';
export type { ToolSelection } from './apply-tool-selection.ts';
export { answerFindTools, FIND_TOOLS_NAME, FIND_TOOLS_TOOL } from './find-tools.ts';
export type { FindToolsAnswer, FindToolsInput } from './find-tools.ts';
export { findNamedDomains } from './find-named-domains.ts';
export { focusToolRanking } from './focus-tool-ranking.ts';
export { listCalledTools } from './list-called-tools.ts';
export { offerFoundTools } from './offer-found-tools.ts';
export type { OfferFoundToolsInput } from './offer-found-tools.ts';
export { SELECT_TOOLS_NAME } from './render-shortlist.ts';
export { planToolSelection } from './select-tools.ts';
export type { ApplyToolSelectionInput, PlanToolSelectionInput, ToolSelectionPlan } from './select-tools.ts';
export { shortlistTools } from './shortlist-tools.ts';
