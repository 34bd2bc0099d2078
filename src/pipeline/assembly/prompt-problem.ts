// The shape of one rule broken by a prompt request, shared by the validity check and its parts.

/** Every rule `checkPromptRequest` enforces; each names one way Bedrock (or the simulator) rejects a Converse request. */
export type PromptRule =
  | 'missing-model-id'
  | 'invalid-max-tokens'
  | 'invalid-temperature'
  | 'malformed-request'
  | 'empty-messages'
  | 'first-message-not-user'
  | 'roles-not-alternating'
  | 'empty-content'
  | 'empty-text'
  | 'unknown-block-type'
  | 'tool-use-in-user-message'
  | 'tool-result-in-assistant-message'
  | 'tool-use-without-result'
  | 'tool-result-without-use'
  | 'duplicate-tool-result'
  | 'duplicate-tool-use-id'
  | 'tool-result-after-text'
  | 'empty-error-tool-result'
  | 'invalid-tool-use-id'
  | 'invalid-tool-input'
  | 'tool-blocks-without-tools'
  | 'invalid-tool-name'
  | 'duplicate-tool-name'
  | 'empty-tool-description'
  | 'invalid-input-schema'
  | 'unknown-tool-choice'
  | 'tool-choice-without-tools'
  | 'too-many-cache-points'
  | 'invalid-cache-ttl'
  | 'cache-ttl-increasing'
  | 'one-hour-ttl-unsupported'
  | 'cache-point-first-in-section'
  | 'adjacent-cache-points'
  | 'over-context-window'
  | 'over-input-cap';

/** `path` points into the PromptRequest (`messages.2.content.0`, `tools.3.name`, `system.1`); `message` says what to fix. */
export type PromptProblem = { readonly rule: PromptRule; readonly message: string; readonly path: string };

/** Tool names and tool-use ids, as Bedrock accepts them. */
export const TOOL_IDENTIFIER = /^[a-zA-Z0-9_-]{1,64}$/;
