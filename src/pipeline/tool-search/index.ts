// Local search over a tool catalogue: tokenising, synonyms, spelling, BM25F ranking, recall measurement.
export { measureRecall, parseLabelledQueries, recallAt } from './measure-recall.ts';
export type { LabelledQuery, MeasureRecallOptions, RecallReport } from './measure-recall.ts';
export { createBm25Index, rankToolsBm25 } from './rank-tools-bm25.ts';
export { asksForOtherDomain, findDomainsAskedFor } from './asks-for-other-domain.ts';
export { findDeploymentDomain, isDeploymentDomain, leadOfDomain } from './deployment-domain.ts';
export type { DomainLean } from './deployment-domain.ts';
export { createToolIndex, rankTools } from './rank-tools.ts';
export type { RankedTool, RankingContext, RankToolsInput, ToolIndex } from './rank-tools.ts';
export { findSynonyms } from './search-synonyms.ts';
export { isNumberTerm, pairTerms, splitWords, tokenizeForSearch } from './tokenize-for-search.ts';
