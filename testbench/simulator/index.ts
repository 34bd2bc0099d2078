// Public API of the Bedrock simulator.
export { createSimulator, MISSING_AUTH_ERROR, type Simulator, type SimulatorOptions } from './create-simulator.ts';
export { BEDROCK_RUNTIME_URL, createSimulatorHandlers, type SimulatorHandlersOptions } from './msw-handlers.ts';
export { type SimulatorServer, type SimulatorServerOptions, startSimulatorServer } from './start-simulator-server.ts';
export { CONTROL_PREFIX, handleControlRequest } from './control-routes.ts';
export { type Clock, createClock, DEFAULT_EPOCH_MS } from './clock.ts';
export { createScript, type Script, type ScriptedToolUse, type ScriptItem } from './script.ts';
export { createFaults, type Fault, FAULT_ERRORS, type Faults, type StreamExceptionType } from './faults.ts';
export {
  type CacheEntry,
  type CacheUsage,
  createPromptCache,
  LOOKBACK_BLOCKS,
  type PromptCache,
  TTL_MS,
} from './prompt-cache.ts';
export { countBlockTokens, countTextTokens, countToolSpecTokens } from './count-tokens.ts';
export { buildPrefix, countInputTokens, type Prefix } from './build-prefix.ts';
export { validateConverse, type ValidationResult } from './validate-converse.ts';
export {
  DEFAULT_MODEL_TABLE,
  lookupModelFacts,
  type ModelTableEntry,
  type SimulatorModelFacts,
} from './model-table.ts';
export { decodeStreamFrames, type StreamEvent } from './event-stream.ts';
export type { LogEntry, RequestLog } from './request-log.ts';
export type { BedrockError, ConverseInput, Usage } from './types.ts';
