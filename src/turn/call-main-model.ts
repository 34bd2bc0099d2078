// One main model call, streamed to the client, retried once when it failed before any text reached the client.
import { AppError } from '../errors.ts';
import { isRetryableModelError } from '../bedrock/translate-bedrock-error.ts';
import type { ModelReply, PromptRequest } from '../pipeline/types/index.ts';
import type { TurnEvent } from './chat-service.ts';
import type { TurnDependencies } from './turn-dependencies.ts';

/** Pause before the one retry of a main call that failed before any text reached the client. */
const RETRY_DELAY_MS = 250;

/** Streams the reply's text as `delta` events; throws the model's AppError when it cannot (or may not) retry. */
export async function callMainModel(
  deps: TurnDependencies,
  request: PromptRequest,
  onEvent: (event: TurnEvent) => void,
  signal: AbortSignal | undefined,
): Promise<ModelReply> {
  let emitted = false;
  const onText = (text: string) => {
    emitted = true;
    onEvent({ type: 'delta', text });
  };
  try {
    return await deps.models.converseStream(request, { onText, ...(signal === undefined ? {} : { signal }) });
  } catch (error) {
    if (emitted || signal?.aborted === true || !(error instanceof AppError) || !isRetryableModelError(error)) {
      throw error;
    }
    deps.logger.log('warn', 'model_call_retry', { code: error.code });
    await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
    signal?.throwIfAborted();
    return deps.models.converseStream(request, { onText, ...(signal === undefined ? {} : { signal }) });
  }
}
