// Test support: a deployer's tool backend on loopback that records every request and answers as the test tells it.
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ToolBackendRequest = {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
};

export type ToolBackend = {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  readonly requests: ToolBackendRequest[];
  close(): Promise<void>;
};

/**
 * Answers `{ ok: true, path }` by default; `answer` may write its own response for a request (an error page, a
 * redirect) and returns true when it did.
 */
export async function startToolBackend(
  answer: (request: ToolBackendRequest, response: ServerResponse) => boolean = () => false,
): Promise<ToolBackend> {
  const requests: ToolBackendRequest[] = [];
  const server = createServer((incoming, response) => {
    const request = { method: incoming.method ?? '', url: incoming.url ?? '', headers: incoming.headers };
    requests.push(request);
    if (answer(request, response)) return;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ ok: true, path: request.url.split('?')[0] }));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
