// Runs one turn as server-sent events: `delta`, `tool`, then `done` or `error`. The turn never depends on the client.
import type { TurnEvent, TurnResult } from '../turn/chat-service.ts';
import type { ErrorDescription } from './error-status.ts';
import { presentTurn } from './present-turn.ts';

export type StreamTurnOptions = {
  /** Starts the turn; it must not receive any abort signal tied to the request. */
  readonly start: (onEvent: (event: TurnEvent) => void) => Promise<TurnResult>;
  readonly requestId: string;
  /** Keeps the runtime alive until the turn settles (Workers' waitUntil), even after the client left. */
  readonly keepAlive: (work: Promise<unknown>) => void;
  /** Describes (and logs, if unexpected) a failure that happens after the stream has begun. */
  readonly reportError: (error: unknown) => ErrorDescription;
};

type Outcome = { readonly ok: true; readonly result: TurnResult } | { readonly ok: false; readonly error: unknown };

const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-store',
  'x-accel-buffering': 'no',
};

/**
 * Resolves with a 200 event stream once the first event arrives or the turn ends. Rejects with the turn's error
 * when it fails before any event, so the caller can still answer with the right status (404, 409…).
 * Writes after the client disconnected are dropped; the turn runs to completion either way.
 */
export async function streamTurn(options: StreamTurnOptions): Promise<Response> {
  const encoder = new TextEncoder();
  const pending: Uint8Array[] = [];
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let closed = false;
  let markFirstEvent: () => void = () => {};
  const firstEvent = new Promise<undefined>((resolve) => {
    markFirstEvent = () => resolve(undefined);
  });

  function send(event: string, data: unknown): void {
    if (closed) return;
    const frame = encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    if (controller === undefined) {
      pending.push(frame);
      markFirstEvent();
      return;
    }
    try {
      controller.enqueue(frame);
    } catch {
      closed = true;
    }
  }

  const turn = options.start((event) => {
    try {
      if (event.type === 'delta') send('delta', { text: event.text });
      else send('tool', { name: event.name, status: event.status });
    } catch {
      // onEvent must never throw into the turn loop.
    }
  });
  const settled: Promise<Outcome> = turn.then(
    (result) => ({ ok: true, result }),
    (error: unknown) => ({ ok: false, error }),
  );
  options.keepAlive(settled);
  const early = await Promise.race([firstEvent, settled]);
  if (early !== undefined && !early.ok) throw early.error;

  const body = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
      for (const frame of pending.splice(0)) streamController.enqueue(frame);
    },
    cancel() {
      closed = true;
    },
  });
  void settled.then((outcome) => {
    if (outcome.ok) send('done', presentTurn(outcome.result));
    else {
      const failure = options.reportError(outcome.error);
      send('error', { error: { code: failure.code, message: failure.message, requestId: options.requestId } });
    }
    if (closed) return;
    closed = true;
    try {
      controller?.close();
    } catch {
      // Already closed by the client.
    }
  });
  return new Response(body, { status: 200, headers: SSE_HEADERS });
}
