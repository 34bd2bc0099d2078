// Calls Bedrock (Converse, ConverseStream, CountTokens) with vendor-neutral requests and replies.
import {
  type BedrockRuntimeClient,
  ConverseCommand,
  ConverseStreamCommand,
  CountTokensCommand,
} from '@aws-sdk/client-bedrock-runtime';
import { DEFAULT_LIMITS } from '../defaults.ts';
import { AppError } from '../errors.ts';
import type { ContentBlock, ModelReply, PromptRequest } from '../pipeline/types/index.ts';
import { fromWireBlocks, toStopReason, toUsage } from './from-converse-output.ts';
import { toConverseInput } from './to-converse-input.ts';
import { translateBedrockError } from './translate-bedrock-error.ts';
import { collectStream } from './collect-stream.ts';

export type CallOptions = {
  readonly signal?: AbortSignal;
  /** Streaming only: each text fragment as it arrives. Must not throw. */
  readonly onText?: (text: string) => void;
};

export type ModelCaller = {
  converse(request: PromptRequest, options?: CallOptions): Promise<ModelReply>;
  converseStream(request: PromptRequest, options?: CallOptions): Promise<ModelReply>;
  /** Input tokens as the model counts them (CountTokens takes the base model id, not an inference profile). */
  countTokens(request: PromptRequest, options?: CallOptions): Promise<number>;
};

export type ModelCallerOptions = {
  /** A stream that sends nothing for this long after its headers is cut: AppError 'model_timeout' (retryable). */
  readonly streamIdleMs?: number;
};

/**
 * The stream's events, but a wait longer than `idleMs` for the next one aborts the request (so the connection is
 * closed) and throws 'model_timeout' instead of waiting for ever.
 */
export async function* cutWhenIdle<T>(
  stream: AsyncIterable<T>,
  idleMs: number,
  abort: (reason: AppError) => void,
): AsyncGenerator<T> {
  const iterator = stream[Symbol.asyncIterator]();
  for (;;) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const idle = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const error = new AppError('model_timeout', `Bedrock stream sent nothing for ${idleMs} ms`);
        abort(error);
        reject(error);
      }, idleMs);
    });
    let next: IteratorResult<T>;
    try {
      next = await Promise.race([iterator.next(), idle]);
    } catch (error) {
      // The pending read settles (rejects) once the abort reaches the SDK; nobody waits for it any more.
      void iterator.return?.().catch(() => {});
      throw error;
    } finally {
      clearTimeout(timer);
    }
    if (next.done === true) return;
    yield next.value;
  }
}

/** Base model id for CountTokens: strips `us.`/`eu.`/`apac.`/`global.` inference-profile prefixes. */
export function toBaseModelId(modelId: string): string {
  return modelId.replace(/^(us|eu|apac|global|us-gov|jp|au)\./, '');
}

export function createModelCaller(client: BedrockRuntimeClient, options: ModelCallerOptions = {}): ModelCaller {
  const streamIdleMs = options.streamIdleMs ?? DEFAULT_LIMITS.streamIdleMs;
  const send = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw translateBedrockError(error);
    }
  };
  return {
    converse: (request, options = {}) =>
      send(async () => {
        const output = await client.send(
          new ConverseCommand(toConverseInput(request)),
          options.signal === undefined ? {} : { abortSignal: options.signal },
        );
        const content: ContentBlock[] = fromWireBlocks(output.output?.message?.content);
        return { content, stopReason: toStopReason(output.stopReason), usage: toUsage(output.usage) };
      }),
    converseStream: (request, callOptions = {}) =>
      send(async () => {
        // One controller per call: the caller's signal (a turn's deadline or shutdown) and the idle cut both abort it.
        const controller = new AbortController();
        const { signal } = callOptions;
        const follow = () => controller.abort(signal?.reason);
        if (signal?.aborted === true) follow();
        signal?.addEventListener('abort', follow, { once: true });
        try {
          const output = await client.send(new ConverseStreamCommand(toConverseInput(request)), {
            abortSignal: controller.signal,
          });
          if (output.stream === undefined) throw new AppError('model_error', 'Bedrock returned no stream');
          const events = cutWhenIdle(output.stream, streamIdleMs, (reason) => controller.abort(reason));
          return await collectStream(events, callOptions.onText);
        } catch (error) {
          // Aborted by the caller: its reason (an AppError such as turn_timeout) is what failed, not the SDK's abort.
          if (signal?.aborted === true && signal.reason instanceof AppError) throw signal.reason;
          throw error;
        } finally {
          signal?.removeEventListener('abort', follow);
        }
      }),
    countTokens: (request, options = {}) =>
      send(async () => {
        const input = toConverseInput(request);
        const output = await client.send(
          new CountTokensCommand({
            modelId: toBaseModelId(request.modelId),
            input: {
              converse: {
                messages: input.messages ?? [],
                ...(input.system === undefined ? {} : { system: input.system }),
                ...(input.toolConfig === undefined ? {} : { toolConfig: input.toolConfig }),
              },
            },
          }),
          options.signal === undefined ? {} : { abortSignal: options.signal },
        );
        return output.inputTokens ?? 0;
      }),
  };
}
