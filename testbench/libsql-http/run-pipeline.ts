// A Hrana `pipeline` body on its stream: the requests in order under the connection gate, then the next baton.
import type { ConnectionGate } from './create-connection-gate.ts';
import type { StreamTable } from './create-stream-table.ts';
import { HranaProtocolError } from './hrana-error.ts';
import { type HranaStreamResult, runStreamRequest } from './run-stream-request.ts';

export type PipelineInput = {
  /** The parsed JSON body: `{ baton, requests }`. */
  readonly body: unknown;
  readonly version: 2 | 3;
  readonly streams: StreamTable;
  readonly gate: ConnectionGate;
};

/**
 * Runs a pipeline's requests in order on its stream, holding the connection gate; the gate is kept only while the
 * stream is inside a transaction. Answers `{ baton, base_url: null, results }`. A HranaProtocolError closes the
 * stream (rolling back its transaction, freeing the gate) and propagates, so the HTTP request fails as a whole.
 */
export async function runPipeline({ body, version, streams, gate }: PipelineInput): Promise<object> {
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const baton = fields['baton'] ?? null;
  if (baton !== null && typeof baton !== 'string') throw new HranaProtocolError('"baton" must be a string or null');
  if (!Array.isArray(fields['requests'])) throw new HranaProtocolError('the body needs a "requests" array');
  const stream = streams.acquire(baton);
  await gate.enter(stream);
  const results: HranaStreamResult[] = [];
  try {
    for (const request of fields['requests'] as unknown[]) {
      results.push(await runStreamRequest({ request, stream, streams, version }));
    }
  } catch (error) {
    await streams.close(stream);
    streams.release(stream);
    throw error;
  }
  if (stream.session.isAutocommit()) gate.leave(stream);
  return { baton: streams.release(stream), base_url: null, results };
}
