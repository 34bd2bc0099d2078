// Event sequence and binary framing of ConverseStream.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildStreamEvents, decodeStreamFrames, encodeStreamEvent } from './event-stream.ts';

const usage = { inputTokens: 10, outputTokens: 5, totalTokens: 15, cacheReadInputTokens: 0, cacheWriteInputTokens: 0 };

describe('buildStreamEvents', () => {
  it('starts toolUse blocks, sends text straight as deltas, and ends with messageStop and metadata', () => {
    const reply = {
      content: [{ text: 'x'.repeat(50) }, {
        toolUse: { toolUseId: 'tooluse_1', name: 'f', input: { a: 'y'.repeat(40) } },
      }],
      stopReason: 'tool_use' as const,
      outputTokens: 5,
    };
    const events = buildStreamEvents(reply, usage, 7);
    assert.deepEqual(
      events.map((event) => event.type),
      [
        'messageStart',
        'contentBlockDelta',
        'contentBlockDelta',
        'contentBlockDelta',
        'contentBlockStop',
        'contentBlockStart',
        'contentBlockDelta',
        'contentBlockDelta',
        'contentBlockDelta',
        'contentBlockStop',
        'messageStop',
        'metadata',
      ],
    );
    assert.deepEqual(events[5]?.body, {
      contentBlockIndex: 1,
      start: { toolUse: { toolUseId: 'tooluse_1', name: 'f' } },
    });
    const json = events.slice(6, 9).map((event) =>
      (event.body as { delta: { toolUse: { input: string } } }).delta.toolUse.input
    ).join('');
    assert.deepEqual(JSON.parse(json), { a: 'y'.repeat(40) });
    assert.deepEqual(events.at(-1)?.body, { usage, metrics: { latencyMs: 7 } });
  });
});

describe('encodeStreamEvent', () => {
  it('round-trips events and exceptions with their headers', () => {
    const events = [
      { kind: 'event' as const, type: 'messageStop', body: { stopReason: 'end_turn' } },
      { kind: 'exception' as const, type: 'throttlingException' as const, body: { message: 'slow' } },
    ];
    const bytes = events.map(encodeStreamEvent);
    const joined = new Uint8Array(bytes.reduce((size, frame) => size + frame.length, 0));
    let offset = 0;
    for (const frame of bytes) {
      joined.set(frame, offset);
      offset += frame.length;
    }
    assert.deepEqual(decodeStreamFrames(joined), events);
  });
});
