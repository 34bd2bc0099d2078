// The simulator on a loopback port (node:http, so it runs on Node and Deno): Bedrock routes plus /_simulator/ controls.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CONTROL_PREFIX, handleControlRequest } from './control-routes.ts';
import { createSimulator, type Simulator } from './create-simulator.ts';

export type SimulatorServerOptions = {
  readonly port?: number;
  readonly hostname?: string;
  readonly simulator?: Simulator;
};

export type SimulatorServer = {
  readonly url: string;
  readonly port: number;
  readonly simulator: Simulator;
  close(): Promise<void>;
};

async function toRequest(incoming: IncomingMessage, origin: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const method = incoming.method ?? 'GET';
  const body = method === 'GET' || method === 'HEAD' ? null : Buffer.concat(chunks);
  return new Request(new URL(incoming.url ?? '/', origin), { method, headers, body });
}

async function sendResponse(response: Response, outgoing: ServerResponse): Promise<void> {
  outgoing.writeHead(response.status, Object.fromEntries(response.headers));
  if (response.body !== null) {
    const reader = response.body.getReader();
    for (let next = await reader.read(); !next.done; next = await reader.read()) outgoing.write(next.value);
  }
  outgoing.end();
}

/** Listens on `hostname` (default 127.0.0.1) and `port` (default 0 = ephemeral); resolves once listening. */
export function startSimulatorServer(options: SimulatorServerOptions = {}): Promise<SimulatorServer> {
  const simulator = options.simulator ?? createSimulator();
  const hostname = options.hostname ?? '127.0.0.1';
  let origin = '';
  const server = createServer((incoming, outgoing) => {
    toRequest(incoming, origin)
      .then((
        request,
      ) => (new URL(request.url).pathname.startsWith(CONTROL_PREFIX)
        ? handleControlRequest(simulator, request)
        : simulator.fetch(request))
      )
      .then((response) => sendResponse(response, outgoing))
      .catch((error: unknown) => {
        if (!outgoing.headersSent) outgoing.writeHead(500, { 'content-type': 'application/json' });
        outgoing.end(JSON.stringify({ message: error instanceof Error ? error.message : String(error) }));
      });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, hostname, () => {
      const port = (server.address() as AddressInfo).port;
      const host = hostname.includes(':') ? `[${hostname}]` : hostname;
      origin = `http://${host}:${port}`;
      resolve({
        url: origin,
        port,
        simulator,
        close: () =>
          new Promise<void>((done, fail) => {
            server.close((error) => (error === undefined ? done() : fail(error)));
            server.closeAllConnections?.();
          }),
      });
    });
  });
}
