// Faults tests inject on demand: HTTP errors, added latency, a stream cut or an exception frame mid-stream.
import type { BedrockError, Operation } from './types.ts';

export type StreamExceptionType =
  | 'throttlingException'
  | 'validationException'
  | 'serviceUnavailableException'
  | 'modelStreamErrorException'
  | 'internalServerException';

export type Fault =
  | { readonly kind: 'throttling' }
  | { readonly kind: 'unavailable' }
  | { readonly kind: 'timeout' }
  | { readonly kind: 'internal' }
  | { readonly kind: 'error'; readonly error: BedrockError }
  /** ConverseStream only: close the connection after `afterFrames` frames, without messageStop. */
  | { readonly kind: 'stream-cut'; readonly afterFrames: number }
  /** ConverseStream only: send `afterFrames` frames, then nothing more, never closing (until the client gives up). */
  | { readonly kind: 'stream-stall'; readonly afterFrames: number }
  /** ConverseStream only: send an exception frame after `afterFrames` frames, then close. */
  | {
    readonly kind: 'stream-exception';
    readonly afterFrames: number;
    readonly exceptionType: StreamExceptionType;
    readonly message?: string;
  };

/** The exact errors Bedrock returns for the named faults. */
export const FAULT_ERRORS: Readonly<Record<'throttling' | 'unavailable' | 'timeout' | 'internal', BedrockError>> = {
  throttling: {
    status: 429,
    type: 'ThrottlingException',
    message: 'Too many tokens, please wait before trying again.',
  },
  unavailable: {
    status: 503,
    type: 'ServiceUnavailableException',
    message: 'Bedrock is unable to process your request.',
  },
  timeout: {
    status: 408,
    type: 'ModelTimeoutException',
    message: 'Model has timed out in processing the request. Try your request again.',
  },
  internal: {
    status: 500,
    type: 'InternalServerException',
    message: 'The server encountered an internal error while processing the request.',
  },
};

export type InjectOptions = { readonly times?: number; readonly model?: string };

export type Faults = {
  /** Queues `fault` for the next `times` (default 1) matching requests. */
  inject(fault: Fault, options?: InjectOptions): void;
  /** Real delay before every answer (default 0). */
  latencyMs: number;
  /** Removes and returns the first fault for this operation and model (stream faults only match converse-stream). */
  take(operation: Operation, modelId: string): Fault | undefined;
  pending(): readonly Fault[];
  clear(): void;
};

export function createFaults(): Faults {
  const queue: { fault: Fault; model: string | undefined }[] = [];
  return {
    latencyMs: 0,
    inject(fault, options = {}) {
      const times = options.times ?? 1;
      if (!Number.isInteger(times) || times < 1) throw new RangeError(`faults.inject needs times >= 1, got ${times}`);
      for (let index = 0; index < times; index++) queue.push({ fault, model: options.model });
    },
    take(operation, modelId) {
      const index = queue.findIndex(
        ({ fault, model }) =>
          (model === undefined || modelId.includes(model)) &&
          (!fault.kind.startsWith('stream-') || operation === 'converse-stream'),
      );
      return index < 0 ? undefined : queue.splice(index, 1)[0]?.fault;
    },
    pending: () => queue.map(({ fault }) => fault),
    clear() {
      queue.length = 0;
      this.latencyMs = 0;
    },
  };
}

/** The HTTP error of a non-stream fault, or undefined for stream faults. */
export function faultError(fault: Fault): BedrockError | undefined {
  if (fault.kind === 'error') return fault.error;
  if (fault.kind === 'stream-cut' || fault.kind === 'stream-stall' || fault.kind === 'stream-exception') {
    return undefined;
  }
  return FAULT_ERRORS[fault.kind];
}
