// The tool-selection policy: which 3-5 domain tools a turn offers (keep unless asked, rank, focus, fill), the cheap
// model's shortlist, and the find_tools way back.
export { applyToolSelection } from './apply-tool-selection.ts';
export type { ApplyToolSelectionInput } from './apply-tool-selection.ts';
export { answerFindTools } from './find-tools.ts';
export type { FindToolsAnswer, FindToolsInput } from './find-tools-input.ts';
export { FIND_TOOLS_NAME, FIND_TOOLS_TOOL } from './find-tools-tool.ts';
export { findNamedDomains } from './find-named-domains.ts';
export { findAssentedStep, findNextStep } from './find-next-steps.ts';
export type { FindAssentedStepInput, FindNextStepInput } from './find-next-steps.ts';
export {
  findDomainStaples,
  findStapleTools,
  listLateTools,
  STAPLE_MIN_CONVERSATIONS,
  STAPLES_MAX,
} from './find-staple-tools.ts';
export type { RanTools } from './find-staple-tools.ts';
export { focusToolRanking } from './focus-tool-ranking.ts';
export { listCalledTools } from './list-called-tools.ts';
export {
  CO_USE_TOOLS_MAX,
  LEARNED_PARTNERS_MAX,
  listCoUsePairs,
  listLearnedPartners,
  listRanTools,
} from './learn-tool-co-use.ts';
export type { ToolCoUse, ToolPair } from './learn-tool-co-use.ts';
export { isStrongEvidence, measureToolEvidence } from './measure-tool-evidence.ts';
export type { ToolEvidence } from './measure-tool-evidence.ts';
export { offerFoundTools } from './offer-found-tools.ts';
export type { OfferFoundToolsInput } from './offer-found-tools.ts';
export { finishToolList } from './finish-tool-list.ts';
export { planToolList, TOOLS_IN_USE_MAX } from './plan-tool-list.ts';
export { keepToolPlaces } from './keep-tool-places.ts';
export { orderToolsByUse } from './order-tools-by-use.ts';
export type { OrderToolsByUseInput } from './order-tools-by-use.ts';
export type { PlanToolListInput } from './plan-tool-list-input.ts';
export type { ToolListPlan } from './tool-list-plan.ts';
export type { ToolListChangeReason, ToolListKeepReason } from './read-change-reason.ts';
export { SELECT_TOOLS_NAME } from './render-shortlist.ts';
export { planToolSelection } from './select-tools.ts';
export type { PlanToolSelectionInput } from './select-tools.ts';
export type { ToolSelection, ToolSelectionPlan } from './tool-selection-plan.ts';
export { shortlistTools } from './shortlist-tools.ts';
export { measureDomainPrior } from './measure-domain-prior.ts';
export type { DomainPrior, MeasureDomainPriorInput } from './measure-domain-prior.ts';
