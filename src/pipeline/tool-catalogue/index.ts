// The tool catalogue: tools registered from code or a JSON manifest, validated, standard vs domain, always in name order.
export { createToolRegistry, STANDARD_TAG, toToolDefinition } from './tool-registry.ts';
export type { LoadManifestResult, RegisterOptions, ToolInput, ToolRegistry, ToolSpec } from './tool-registry.ts';
export { listParameters } from './list-parameters.ts';
export type { ToolParameter } from './list-parameters.ts';
export { compareText, parseToolSpec } from './tool-spec.ts';
export type { ToolHttp } from './tool-spec.ts';
export { findNameVersion, readNameNamespace } from './read-name-namespace.ts';
export { inferNameDomains, readNameObjects } from './infer-name-domains.ts';
export { NAME_VERB_WORDS } from './name-verbs.ts';
export { splitWords } from './split-words.ts';
export { addToList } from './add-to-list.ts';
