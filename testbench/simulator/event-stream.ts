// ConverseStream on the wire: the event sequence of a reply and its binary event-stream frames.
import { EventStreamCodec } from '@smithy/eventstream-codec';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';
import type { StreamExceptionType } from './faults.ts';
import { blockKind, isObject, type JsonObject, type Reply, type Usage } from './types.ts';

/** Characters per text delta and per partial-JSON toolUse delta (small, so every reply arrives in several chunks). */
export const TEXT_CHUNK_CHARS = 24;
export const JSON_CHUNK_CHARS = 16;

export type StreamEvent =
  | { readonly kind: 'event'; readonly type: string; readonly body: JsonObject }
  | { readonly kind: 'exception'; readonly type: StreamExceptionType; readonly body: { readonly message: string } };

function chunk(text: string, size: number): string[] {
  const pieces: string[] = [];
  for (let start = 0; start < text.length; start += size) pieces.push(text.slice(start, start + size));
  return pieces.length === 0 ? [''] : pieces;
}

/**
 * messageStart → per block (toolUse: contentBlockStart{toolUseId,name}; text: straight to deltas) contentBlockDelta… →
 * contentBlockStop → messageStop{stopReason} → metadata{usage, metrics}. Joining the deltas gives back the reply exactly.
 */
export function buildStreamEvents(reply: Reply, usage: Usage, latencyMs: number): StreamEvent[] {
  const events: StreamEvent[] = [{ kind: 'event', type: 'messageStart', body: { role: 'assistant' } }];
  reply.content.forEach((block, contentBlockIndex) => {
    const kind = blockKind(block);
    if (kind === 'toolUse') {
      const use = isObject(block['toolUse']) ? block['toolUse'] : {};
      events.push({
        kind: 'event',
        type: 'contentBlockStart',
        body: { contentBlockIndex, start: { toolUse: { toolUseId: use['toolUseId'], name: use['name'] } } },
      });
      for (const input of chunk(JSON.stringify(use['input'] ?? {}), JSON_CHUNK_CHARS)) {
        events.push({
          kind: 'event',
          type: 'contentBlockDelta',
          body: { contentBlockIndex, delta: { toolUse: { input } } },
        });
      }
    } else {
      for (const text of chunk(String(block['text'] ?? ''), TEXT_CHUNK_CHARS)) {
        events.push({ kind: 'event', type: 'contentBlockDelta', body: { contentBlockIndex, delta: { text } } });
      }
    }
    events.push({ kind: 'event', type: 'contentBlockStop', body: { contentBlockIndex } });
  });
  events.push({ kind: 'event', type: 'messageStop', body: { stopReason: reply.stopReason } });
  events.push({ kind: 'event', type: 'metadata', body: { usage, metrics: { latencyMs } } });
  return events;
}

const codec = new EventStreamCodec(toUtf8, fromUtf8);
const text = (value: string) => ({ type: 'string' as const, value });

/** One binary frame with `:message-type`, `:event-type` / `:exception-type` and `:content-type: application/json`. */
export function encodeStreamEvent(event: StreamEvent): Uint8Array {
  const typeHeader = event.kind === 'event' ? ':event-type' : ':exception-type';
  return codec.encode({
    headers: {
      ':message-type': text(event.kind),
      [typeHeader]: text(event.type),
      ':content-type': text('application/json'),
    },
    body: fromUtf8(JSON.stringify(event.body)),
  });
}

/** Decodes concatenated frames back to events (tests, and the request log of outside rigs). */
export function decodeStreamFrames(bytes: Uint8Array): StreamEvent[] {
  const events: StreamEvent[] = [];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let offset = 0; offset + 4 <= bytes.length;) {
    const length = view.getUint32(offset);
    const message = codec.decode(bytes.subarray(offset, offset + length));
    offset += length;
    const kind = message.headers[':message-type']?.value === 'exception' ? 'exception' : 'event';
    const type = String(message.headers[kind === 'event' ? ':event-type' : ':exception-type']?.value ?? '');
    events.push({ kind, type, body: JSON.parse(toUtf8(message.body)) } as StreamEvent);
  }
  return events;
}

/** A response body sending `events` one frame per chunk, then closing (or, with `stall`, waiting until cancelled). */
export function createEventStreamBody(
  events: readonly StreamEvent[],
  options: { readonly stall?: boolean } = {},
): ReadableStream<Uint8Array> {
  let index = 0;
  let release: (() => void) | undefined;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const event = events[index++];
      if (event !== undefined) controller.enqueue(encodeStreamEvent(event));
      else if (options.stall !== true) controller.close();
      else return new Promise<void>((resolve) => (release = resolve));
    },
    cancel() {
      release?.();
    },
  });
}
