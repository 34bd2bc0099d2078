// Wraps the service's model caller to keep one record per call: the request as sent, the usage Bedrock reported, or the error.
import type { ModelCaller } from '../../src/bedrock/call-model.ts';
import { isAppError } from '../../src/errors.ts';
import { SELECT_TOOLS_NAME } from '../../src/pipeline/tool-selection/index.ts';
import { isCachePoint, type PromptRequest, type Usage } from '../../src/pipeline/types/index.ts';
import { describeRequestAssets, type RequestAssets } from './measure-asset-cost.ts';

export type CallKind = 'main' | 'selector' | 'summariser';

/** One model call the service made, with what the replay reports about it. */
export type CallRecord = {
  readonly kind: CallKind;
  readonly modelId: string;
  /** Epoch ms (the replay clock) when the call was sent. */
  readonly at: number;
  /** Usage as the model (or the simulator) reported it; zeros for a failed call. */
  readonly usage: Usage;
  readonly promptTokens: number;
  /** Messages in the request: the window plus summary and this turn's messages. */
  readonly messages: number;
  /** Tool names declared in the request, in request order. */
  readonly tools: readonly string[];
  readonly cachePoints: number;
  /** Main calls: the get_asset pairs the request carried (measure-asset-cost.ts). */
  readonly assets?: RequestAssets;
  /** Set when the call failed: the error code and, for a Bedrock failure, its exception name. */
  readonly error?: { readonly code: string; readonly bedrockError?: string; readonly message: string };
};

export type RecordingModelCaller = { readonly caller: ModelCaller; take(): readonly CallRecord[] };

const ZERO: Usage = { inputTokens: 0, outputTokens: 0, cacheReadInputTokens: 0, cacheWriteInputTokens: 0 };

/**
 * Records every converse/converseStream call in call order (countTokens is free and not recorded). The kind is read
 * from the request: the selector forces the select_tools tool; other calls to the main model id are main calls, the
 * rest summariser calls. Errors are rethrown unchanged, so the service behaves exactly as without the wrapper.
 */
export function createRecordingModelCaller(
  inner: ModelCaller,
  options: { readonly mainModelId: string; readonly now: () => number },
): RecordingModelCaller {
  let records: CallRecord[] = [];
  const record = async (request: PromptRequest, send: () => ReturnType<ModelCaller['converse']>) => {
    const base = describeRequest(request, options.mainModelId, options.now());
    try {
      const reply = await send();
      const usage = reply.usage;
      records.push({
        ...base,
        usage,
        promptTokens: usage.inputTokens + usage.cacheReadInputTokens + usage.cacheWriteInputTokens,
      });
      return reply;
    } catch (error) {
      const bedrockError = isAppError(error) && typeof error.details?.['bedrockError'] === 'string'
        ? error.details['bedrockError']
        : undefined;
      const code = isAppError(error) ? error.code : error instanceof Error ? error.name : 'unknown';
      const message = error instanceof Error ? error.message : String(error);
      records.push({
        ...base,
        usage: ZERO,
        promptTokens: 0,
        error: { code, message, ...(bedrockError === undefined ? {} : { bedrockError }) },
      });
      throw error;
    }
  };
  return {
    caller: {
      converse: (request, callOptions) => record(request, () => inner.converse(request, callOptions)),
      converseStream: (request, callOptions) => record(request, () => inner.converseStream(request, callOptions)),
      countTokens: (request, callOptions) => inner.countTokens(request, callOptions),
    },
    take() {
      const taken = records;
      records = [];
      return taken;
    },
  };
}

function describeRequest(request: PromptRequest, mainModelId: string, at: number) {
  const isSelector = request.toolChoice?.type === 'tool' && request.toolChoice.name === SELECT_TOOLS_NAME;
  const kind: CallKind = isSelector ? 'selector' : request.modelId === mainModelId ? 'main' : 'summariser';
  const tools = request.tools.flatMap((tool) => (isCachePoint(tool) ? [] : [tool.name]));
  const cachePoints =
    [...request.tools, ...request.system, ...request.messages.flatMap((message) => message.content)].filter(
      isCachePoint,
    ).length;
  return {
    kind,
    modelId: request.modelId,
    at,
    messages: request.messages.length,
    tools,
    cachePoints,
    ...(kind === 'main' ? { assets: describeRequestAssets(request) } : {}),
  };
}
