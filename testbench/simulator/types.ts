// Wire shapes of the Converse API as the simulator reads them, after structural parsing (see parse-converse-input.ts).

export type CacheTtl = '5m' | '1h';

export type JsonObject = Record<string, unknown>;

/** A Bedrock error as it goes on the wire: HTTP status, exception name (x-amzn-errortype) and `{ message }`. */
export type BedrockError = { readonly status: number; readonly type: string; readonly message: string };

/** One content block: exactly one key (text, toolUse, toolResult, cachePoint, image…), checked by the parser. */
export type WireBlock = Readonly<Record<string, unknown>>;

export type WireMessage = { readonly role: 'user' | 'assistant'; readonly content: readonly WireBlock[] };

export type ToolChoice = {
  readonly auto?: JsonObject;
  readonly any?: JsonObject;
  readonly tool?: { readonly name?: unknown };
};

/** A Converse (or CountTokens) request after structural parsing: every array present, every block one key. */
export type ConverseInput = {
  readonly messages: readonly WireMessage[];
  readonly system: readonly WireBlock[];
  /** `toolConfig.tools` entries: `{ toolSpec }` or `{ cachePoint }`; empty when no toolConfig. */
  readonly tools: readonly WireBlock[];
  readonly hasToolConfig: boolean;
  readonly toolChoice: ToolChoice | undefined;
  readonly maxTokens: number | undefined;
  /** `inferenceConfig.temperature` when it is a number: at 0 a model answers the same request the same way. */
  readonly temperature: number | undefined;
};

export type ToolSpec = {
  readonly name: string;
  readonly description?: string;
  readonly inputSchema: { readonly json: JsonObject };
};

export type ToolUse = { readonly toolUseId: string; readonly name: string; readonly input: unknown };

export type ToolResult = {
  readonly toolUseId: string;
  readonly content?: readonly WireBlock[];
  readonly status?: string;
};

export type Operation = 'converse' | 'converse-stream' | 'count-tokens';

export type StopReason = 'end_turn' | 'tool_use' | 'max_tokens' | 'stop_sequence';

/** Usage as Bedrock reports it: `inputTokens` is only the uncached remainder. */
export type Usage = {
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly totalTokens: number;
  readonly cacheReadInputTokens: number;
  readonly cacheWriteInputTokens: number;
  readonly cacheDetails?: readonly { readonly ttl: CacheTtl; readonly inputTokens: number }[];
};

/** The model's answer before it is wrapped as a Converse body or stream. */
export type Reply = {
  readonly content: readonly WireBlock[];
  readonly stopReason: StopReason;
  readonly outputTokens: number;
};

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The single key of a parsed block (the parser guarantees there is exactly one). */
export function blockKind(block: WireBlock): string {
  return Object.keys(block)[0] ?? '';
}
