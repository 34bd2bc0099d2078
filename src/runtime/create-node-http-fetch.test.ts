import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createNodeHttpFetch } from './create-node-http-fetch.ts';

describe('createNodeHttpFetch', () => {
  const fetchOverHttp = createNodeHttpFetch();
  let server: http.Server;
  let base = '';
  before(async () => {
    server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        if (request.url === '/echo') {
          response.writeHead(201, { 'content-type': 'application/json', 'x-twice': ['a', 'b'] });
          response.end(
            JSON.stringify({
              method: request.method,
              body: Buffer.concat(chunks).toString(),
              header: request.headers['x-test'],
            }),
          );
        } else if (request.url === '/empty') {
          response.writeHead(204).end();
        } else if (request.url === '/cut') {
          response.writeHead(200, { 'content-length': '1000' });
          response.write('partial');
          setImmediate(() => response.socket?.destroy());
        } else if (request.url === '/never') {
          response.writeHead(200).flushHeaders();
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends the method, headers and body of a Request and answers status, headers and body', async () => {
    const response = await fetchOverHttp(
      new Request(`${base}/echo`, { method: 'POST', headers: { 'x-test': 'yes' }, body: 'héllo' }),
    );
    assert.equal(response.status, 201);
    assert.equal(response.headers.get('x-twice'), 'a, b');
    assert.deepEqual(await response.json(), { method: 'POST', body: 'héllo', header: 'yes' });
  });

  it('answers a 204 without a body', async () => {
    const response = await fetchOverHttp(`${base}/empty`);
    assert.equal(response.status, 204);
    assert.equal(response.body, null);
  });

  it('fails as fetch does: a refused connection, a body cut short, an aborted request', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const refusedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/`;
    await new Promise((resolve) => closed.close(resolve));
    await assert.rejects(
      fetchOverHttp(refusedUrl),
      (error: unknown) => error instanceof TypeError && error.message === 'fetch failed',
    );

    const cut = await fetchOverHttp(`${base}/cut`);
    await assert.rejects(cut.text(), (error: unknown) => error instanceof TypeError && error.message === 'terminated');

    const controller = new AbortController();
    const pending = fetchOverHttp(`${base}/never`, { signal: controller.signal });
    const response = await pending;
    controller.abort();
    await assert.rejects(response.text());
    const early = new AbortController();
    early.abort();
    await assert.rejects(
      fetchOverHttp(`${base}/echo`, { signal: early.signal }),
      (error: unknown) => error instanceof Error && error.name === 'AbortError',
    );
  });
});
