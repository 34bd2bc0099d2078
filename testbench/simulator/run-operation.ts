// One Bedrock operation on a parsed body: faults, validation, script, cache and reply, as a response-to-be.
import { isModelLevelError } from './bedrock-errors.ts';
import { buildStreamEvents, type StreamEvent } from './event-stream.ts';
import { type Fault, faultError } from './faults.ts';
import { generateReply } from './generate-reply.ts';
import type { SimulatorModelFacts } from './model-table.ts';
import type { PromptCache } from './prompt-cache.ts';
import type { Script } from './script.ts';
import { type BedrockError, isObject, type Operation, type Usage } from './types.ts';
import { validateConverse } from './validate-converse.ts';

export type Outcome =
  | { readonly kind: 'json'; readonly body: unknown; readonly usage?: Usage }
  | { readonly kind: 'error'; readonly error: BedrockError }
  | {
    readonly kind: 'stream';
    readonly events: readonly StreamEvent[];
    readonly usage?: Usage;
    /** Send the events, then stall: the body stays open and silent. */
    readonly stall?: boolean;
  };

export type RunOperationOptions = {
  readonly operation: Operation;
  readonly modelId: string;
  readonly body: unknown;
  readonly facts: SimulatorModelFacts;
  readonly fault: Fault | undefined;
  readonly cache: PromptCache;
  readonly script: Script;
  readonly now: number;
  /** With the prefix hash, seeds the reply and toolUse ids: same seed + same request → same reply. */
  readonly seed: string;
  /**
   * With the prefix hash, seeds a forced tool's input at temperature 0 (see GenerateReplyOptions.requestSeed): the
   * simulator's own seed, without the request's sequence number. Default `seed`.
   */
  readonly requestSeed?: string;
  readonly latencyMs: number;
};

/** Stream-level model errors (e.g. prompt too long) arrive as a validationException frame, as Bedrock sends them. */
function streamError(error: BedrockError): Outcome {
  return {
    kind: 'stream',
    events: [{ kind: 'exception', type: 'validationException', body: { message: error.message } }],
  };
}

/**
 * Order: fault → validation → scripted error → cache → reply. Validation failures and faults leave the cache untouched;
 * a stream fault truncates the events after the cache was applied (Bedrock had already read the prompt).
 */
export function runOperation(options: RunOperationOptions): Outcome {
  const { operation, fault } = options;
  const httpFault = fault === undefined ? undefined : faultError(fault);
  if (httpFault !== undefined) return { kind: 'error', error: httpFault };
  if (operation === 'count-tokens') {
    const input = isObject(options.body) && isObject(options.body['input'])
      ? options.body['input']['converse']
      : undefined;
    const result = validateConverse(input, { facts: options.facts, checkContextWindow: false });
    return result.ok
      ? { kind: 'json', body: { inputTokens: result.inputTokens } }
      : { kind: 'error', error: result.error };
  }
  const result = validateConverse(options.body, { facts: options.facts });
  if (!result.ok) {
    return operation === 'converse-stream' && isModelLevelError(result.error)
      ? streamError(result.error)
      : { kind: 'error', error: result.error };
  }
  const item = options.script.take(options.modelId);
  if (item?.error !== undefined) return { kind: 'error', error: item.error };
  const cached = options.cache.apply({
    modelId: options.modelId,
    prefix: result.prefix,
    minimumTokens: options.facts.minimumCacheTokens,
    now: options.now,
  });
  const reply = generateReply({
    input: result.input,
    item,
    seed: `${options.seed}:${result.prefix.blocks.at(-1)?.hash ?? ''}`,
    requestSeed: `${options.requestSeed ?? options.seed}:${result.prefix.blocks.at(-1)?.hash ?? ''}`,
    maxTokens: result.input.maxTokens ?? options.facts.defaultMaxTokens,
  });
  const usage: Usage = {
    inputTokens: cached.inputTokens,
    outputTokens: reply.outputTokens,
    totalTokens: cached.inputTokens + cached.cacheReadInputTokens + cached.cacheWriteInputTokens + reply.outputTokens,
    cacheReadInputTokens: cached.cacheReadInputTokens,
    cacheWriteInputTokens: cached.cacheWriteInputTokens,
    ...(cached.cacheDetails === undefined ? {} : { cacheDetails: cached.cacheDetails }),
  };
  if (operation === 'converse') {
    const body = {
      output: { message: { role: 'assistant', content: reply.content } },
      stopReason: reply.stopReason,
      usage,
      metrics: { latencyMs: options.latencyMs },
    };
    return { kind: 'json', body, usage };
  }
  const events = buildStreamEvents(reply, usage, options.latencyMs);
  if (fault?.kind === 'stream-cut') return { kind: 'stream', events: events.slice(0, fault.afterFrames), usage };
  if (fault?.kind === 'stream-stall') {
    return { kind: 'stream', events: events.slice(0, fault.afterFrames), usage, stall: true };
  }
  if (fault?.kind === 'stream-exception') {
    const message = fault.message ?? defaultStreamMessage(fault.exceptionType);
    return {
      kind: 'stream',
      events: [...events.slice(0, fault.afterFrames), {
        kind: 'exception',
        type: fault.exceptionType,
        body: { message },
      }],
      usage,
    };
  }
  return { kind: 'stream', events, usage };
}

function defaultStreamMessage(type: string): string {
  switch (type) {
    case 'throttlingException':
      return 'Too many tokens, please wait before trying again.';
    case 'serviceUnavailableException':
      return 'Bedrock is unable to process your request.';
    case 'modelStreamErrorException':
      return 'The model stream ended with an error. Try your request again.';
    case 'validationException':
      return 'The model returned the following errors: Input is invalid.';
    default:
      return 'The server encountered an internal error while processing the request.';
  }
}
