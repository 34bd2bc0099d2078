// Calls Bedrock (Converse, ConverseStream, CountTokens) with vendor-neutral requests and replies.
import {
  type BedrockRuntimeClient,
  ConverseCommand,
  ConverseStreamCommand,
  CountTokensCommand,
} from '@aws-sdk/client-bedrock-runtime';
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

/** Base model id for CountTokens: strips `us.`/`eu.`/`apac.`/`global.` inference-profile prefixes. */
export function toBaseModelId(modelId: string): string {
  return modelId.replace(/^(us|eu|apac|global|us-gov|jp|au)\./, '');
}

export function createModelCaller(client: BedrockRuntimeClient): ModelCaller {
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
    converseStream: (request, options = {}) =>
      send(async () => {
        const output = await client.send(
          new ConverseStreamCommand(toConverseInput(request)),
          options.signal === undefined ? {} : { abortSignal: options.signal },
        );
        if (output.stream === undefined) throw new AppError('model_error', 'Bedrock returned no stream');
        return collectStream(output.stream, options.onText);
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
