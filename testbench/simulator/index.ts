// Public API of the Bedrock simulator.
export { createSimulator, MISSING_AUTH_ERROR, type Simulator, type SimulatorOptions } from './create-simulator.ts';
export { createSimulatorHandlers, BEDROCK_RUNTIME_URL, type SimulatorHandlersOptions } from './msw-handlers.ts';
export { startSimulatorServer, type SimulatorServer, type SimulatorServerOptions } from './start-simulator-server.ts';
export { handleControlRequest, CONTROL_PREFIX } from './control-routes.ts';
export { createClock, DEFAULT_EPOCH_MS, type Clock } from './clock.ts';
export { createScript, type Script, type ScriptItem, type ScriptedToolUse } from './script.ts';
export { createFaults, FAULT_ERRORS, type Fault, type Faults, type StreamExceptionType } from './faults.ts';
export { createPromptCache, LOOKBACK_BLOCKS, TTL_MS, type CacheEntry, type CacheUsage, type PromptCache } from './prompt-cache.ts';
export { countTextTokens, countBlockTokens, countToolSpecTokens } from './count-tokens.ts';
export { buildPrefix, countInputTokens, type Prefix } from './build-prefix.ts';
export { validateConverse, type ValidationResult } from './validate-converse.ts';
export { lookupModelFacts, DEFAULT_MODEL_TABLE, type ModelTableEntry, type SimulatorModelFacts } from './model-table.ts';
export { decodeStreamFrames, type StreamEvent } from './event-stream.ts';
export type { LogEntry, RequestLog } from './request-log.ts';
export type { BedrockError, ConverseInput, Usage } from './types.ts';
