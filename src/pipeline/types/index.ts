// The vendor-neutral shapes every pipeline step works on (messages, blocks, requests, usage). Bedrock's wire names live only in src/bedrock/.
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
