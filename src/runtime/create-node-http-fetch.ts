// The Bedrock client's fetch on Node: Node's own http/https with keep-alive. undici's fetch builds and pipes several web
// streams around every request (about a millisecond of CPU per call); FetchHttpHandler still shapes every call.
import http from 'node:http';
import https from 'node:https';
import type { Agent, IncomingMessage } from 'node:http';

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * A fetch for FetchHttpHandler's `customFetch`, with fetch's failure shapes: a network failure rejects with
 * TypeError('fetch failed', { cause }), a body cut short errors the stream with TypeError('terminated'), an aborted
 * signal rejects with its reason. Redirects are not followed (Bedrock sends none). URLs other than http(s) go to the
 * standard fetch. msw still sees the calls (it intercepts node:http as well as fetch).
 */
export function createNodeHttpFetch(): typeof fetch {
  const agents: ReadonlyMap<string, Agent> = new Map([
    ['http:', new http.Agent({ keepAlive: true })],
    ['https:', new https.Agent({ keepAlive: true })],
  ]);
  return (async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request && init === undefined ? input : new Request(input, init);
    const url = new URL(request.url);
    const agent = agents.get(url.protocol);
    if (agent === undefined) return fetch(request);
    request.signal.throwIfAborted();
    const body = request.body === null ? undefined : new Uint8Array(await request.arrayBuffer());
    // A header may be named `__proto__`: entries, not assignments, so every name stays an own header.
    const headers: Record<string, string> = Object.fromEntries(request.headers);
    if (body !== undefined) headers['content-length'] = String(body.byteLength);
    const transport = url.protocol === 'https:' ? https : http;
    return new Promise<Response>((resolve, reject) => {
      const outgoing = transport.request(url, { method: request.method, headers, agent }, (incoming) => {
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(incoming.headers)) {
          if (value !== undefined) {
            for (const one of Array.isArray(value) ? value : [value]) responseHeaders.append(name, one);
          }
        }
        const status = incoming.statusCode ?? 502;
        const empty = NULL_BODY_STATUSES.has(status) || request.method === 'HEAD';
        if (empty) incoming.resume();
        resolve(
          new Response(empty ? null : toWebStream(incoming), {
            status,
            statusText: incoming.statusMessage ?? '',
            headers: responseHeaders,
          }),
        );
      });
      const abort = () =>
        outgoing.destroy(
          request.signal.reason instanceof Error
            ? request.signal.reason
            : new DOMException('This operation was aborted', 'AbortError'),
        );
      request.signal.addEventListener('abort', abort, { once: true });
      outgoing.once('close', () => request.signal.removeEventListener('abort', abort));
      outgoing.once(
        'error',
        (error) =>
          reject(request.signal.aborted ? request.signal.reason : new TypeError('fetch failed', { cause: error })),
      );
      outgoing.end(body);
    });
  }) as typeof fetch;
}

/** The response body as a web stream, read as the consumer pulls (Node's stream paused in between). */
function toWebStream(incoming: IncomingMessage): ReadableStream<Uint8Array> {
  let finished = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      incoming.pause();
      incoming.on('data', (chunk: Buffer) => {
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 0) <= 0) incoming.pause();
      });
      incoming.once('end', () => {
        finished = true;
        controller.close();
      });
      const cut = (error?: Error) => {
        if (finished) return;
        finished = true;
        controller.error(new TypeError('terminated', error === undefined ? {} : { cause: error }));
      };
      incoming.once('error', cut);
      incoming.once('close', () => cut());
    },
    pull() {
      incoming.resume();
    },
    cancel() {
      finished = true;
      incoming.destroy();
    },
  });
}
