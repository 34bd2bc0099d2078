// The vendor-neutral shapes the pipeline works on. Bedrock's wire names (toolUse, cachePoint…) live only in src/bedrock/.

export type CacheTtl = '5m' | '1h';

/** A cache checkpoint: everything before it in the prefix (tools → system → messages) may be cached. */
export type CachePoint = { readonly type: 'cache_point'; readonly ttl: CacheTtl };

export type TextBlock = { readonly type: 'text'; readonly text: string };

export type ToolUseBlock = {
  readonly type: 'tool_use';
  /** Matches ^[a-zA-Z0-9_-]{1,64}$ */
  readonly id: string;
  readonly name: string;
  readonly input: Readonly<Record<string, unknown>>;
};

export type ToolResultBlock = {
  readonly type: 'tool_result';
  readonly toolUseId: string;
  /** Never empty when status is 'error' (Bedrock rejects that). */
  readonly text: string;
  readonly status: 'success' | 'error';
};

export type ContentBlock = TextBlock | ToolUseBlock | ToolResultBlock;

export type Role = 'user' | 'assistant';

/** A conversation message as stored and windowed. */
export type Message = { readonly role: Role; readonly content: readonly ContentBlock[] };

/** A message as it stands in an assembled request: its content may carry cache points. */
export type PromptMessage = { readonly role: Role; readonly content: readonly (ContentBlock | CachePoint)[] };

/** JSON Schema of a tool's input; top-level `type` must be "object". */
export type JsonSchema = Readonly<Record<string, unknown>>;

export type ToolDefinition = {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: JsonSchema;
};

export type ToolChoice =
  | { readonly type: 'auto' }
  | { readonly type: 'any' }
  | { readonly type: 'tool'; readonly name: string };

/** One model call, fully assembled, before the adapter maps it to Converse. */
export type PromptRequest = {
  readonly modelId: string;
  readonly tools: readonly (ToolDefinition | CachePoint)[];
  readonly toolChoice?: ToolChoice;
  readonly system: readonly (TextBlock | CachePoint)[];
  readonly messages: readonly PromptMessage[];
  readonly maxTokens: number;
  readonly temperature?: number;
};

export type StopReason =
  | 'end_turn'
  | 'tool_use'
  | 'max_tokens'
  | 'stop_sequence'
  | 'guardrail_intervened'
  | 'content_filtered'
  | 'malformed_model_output'
  | 'malformed_tool_use'
  | 'model_context_window_exceeded';

/** Usage as Bedrock reports it: `inputTokens` is only the uncached remainder. */
export type Usage = {
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly cacheReadInputTokens: number;
  readonly cacheWriteInputTokens: number;
  /** Written tokens per TTL, when the model reported them. */
  readonly cacheDetails?: readonly { readonly ttl: CacheTtl; readonly inputTokens: number }[];
};

/** What one model call returned, vendor-neutral. */
export type ModelReply = {
  readonly content: readonly ContentBlock[];
  readonly stopReason: StopReason;
  readonly usage: Usage;
};

export function isCachePoint(value: unknown): value is CachePoint {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'cache_point';
}
