import assert from 'node:assert/strict';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { verify } from 'hono/utils/jwt/jwt';
import type { ToolHttp } from '../pipeline/tool-catalogue/index.ts';
import { callHttpTool, type CallHttpToolOptions } from './call-http-tool.ts';
import { CALLER_TOKEN_HEADER, importCallerKey } from './http-tool/mint-caller-token.ts';

type Seen = { url: string; method: string; body: string | null; headers: Record<string, string> };

function fakeFetch(seen: Seen[], answer: () => Response | Promise<Response>): typeof fetch {
  return async (input, init) => {
    const request = new Request(input as URL, init);
    seen.push({
      url: request.url,
      method: request.method,
      body: request.body === null ? null : await request.text(),
      headers: Object.fromEntries(request.headers),
    });
    return answer();
  };
}

const CALLER_SECRET = 'tool-caller-secret-0123456789-abcdefghijklmnop';
const NOW = 1_800_000_000_000;
const base: Omit<CallHttpToolOptions, 'fetch'> = {
  http: { url: 'https://tools.example.com/items?tenant=acme&api_key=k-123', method: 'GET' },
  toolName: 'items',
  inputSchema: { type: 'object', properties: { id: { type: 'string' }, limit: { type: 'integer' } } },
  input: {},
  caller: { userId: 'user-1', conversationId: 'c-1', toolCallId: 'tooluse_1' },
  timeoutMs: 1_000,
  now: () => NOW,
};

describe('callHttpTool (request)', () => {
  it("appends GET/DELETE input after the URL's own query parameters (objects JSON-encoded)", async () => {
    const seen: Seen[] = [];
    const outcome = await callHttpTool({
      ...base,
      http: { ...base.http, method: 'DELETE' },
      inputSchema: { type: 'object' },
      input: { id: 'a b', tags: ['x'], limit: 3 },
      fetch: fakeFetch(seen, () => new Response('gone')),
    });
    assert.deepEqual(outcome, { status: 'success', text: 'gone' });
    assert.equal(
      seen[0]?.url,
      'https://tools.example.com/items?tenant=acme&api_key=k-123&id=a+b&tags=%5B%22x%22%5D&limit=3',
    );
    assert.equal(seen[0]?.method, 'DELETE');
    assert.equal(seen[0]?.body, null);
    assert.equal(seen[0]?.headers['x-tokenwise-conversation'], 'c-1');
  });

  it("refuses input that names one of the URL's own parameters, without calling", async () => {
    const seen: Seen[] = [];
    for (const input of [{ tenant: 'evil' }, { id: 'x', api_key: 'stolen', tenant: 't' }]) {
      const outcome = await callHttpTool({
        ...base,
        inputSchema: { type: 'object' },
        input,
        fetch: fakeFetch(seen, () => new Response('')),
      });
      assert.equal(outcome.status, 'error');
      assert.match(outcome.text, /^Tool items was not called: the parameters? .*"(tenant|api_key)".* cannot be set/);
    }
    assert.equal(seen.length, 0);
  });

  it('sends other methods a JSON body and leaves the URL as the manifest wrote it', async () => {
    const seen: Seen[] = [];
    await callHttpTool({
      ...base,
      http: { ...base.http, method: 'PATCH' },
      input: { id: '1', tenant: 'in-the-body-only' },
      inputSchema: { type: 'object' },
      fetch: fakeFetch(seen, () => new Response('{}')),
    });
    assert.equal(seen[0]?.url, base.http.url);
    assert.equal(seen[0]?.body, '{"id":"1","tenant":"in-the-body-only"}');
    assert.equal(seen[0]?.headers['content-type'], 'application/json');
  });

  it("refuses input that does not match the tool's inputSchema with a tool error naming the problems", async () => {
    const seen: Seen[] = [];
    const schema = {
      type: 'object',
      properties: { city: { type: 'string', minLength: 1 }, days: { type: 'integer', maximum: 14 } },
      required: ['city'],
      additionalProperties: false,
    };
    const cases: readonly (readonly [Record<string, unknown>, RegExp])[] = [
      [{}, /input: .*required property "city"/],
      [{ city: 42 }, /input\/city: .*"number".*"string"/],
      [{ city: 'Oslo', days: 30 }, /input\/days: .*14/],
      [{ city: 'Oslo', userId: 'someone-else' }, /input: .*userId/],
    ];
    for (const [input, problem] of cases) {
      const outcome = await callHttpTool({
        ...base,
        inputSchema: schema,
        input,
        fetch: fakeFetch(seen, () => new Response('')),
      });
      assert.equal(outcome.status, 'error');
      assert.match(outcome.text, /^Tool items was not called: its input does not match the tool's inputSchema \(/);
      assert.match(outcome.text, problem);
    }
    assert.equal(seen.length, 0);
    const valid = await callHttpTool({
      ...base,
      inputSchema: schema,
      input: { city: 'Oslo', days: 3 },
      fetch: fakeFetch(seen, () => new Response('sunny')),
    });
    assert.deepEqual(valid, { status: 'success', text: 'sunny' });
  });
});

describe('callHttpTool (caller identity)', () => {
  it('sends a 60-second HS256 token naming the user, conversation, tool call and audience', async () => {
    const seen: Seen[] = [];
    await callHttpTool({
      ...base,
      callerKey: importCallerKey(CALLER_SECRET),
      fetch: fakeFetch(seen, () => new Response('ok')),
    });
    const token = seen[0]?.headers[CALLER_TOKEN_HEADER] ?? '';
    const originalNow = Date.now;
    Date.now = () => NOW + 1_000; // hono's verify reads the clock
    try {
      const claims = await verify(token, CALLER_SECRET, {
        alg: 'HS256',
        iss: 'tokenwise',
        aud: 'https://tools.example.com',
      });
      assert.deepEqual(
        { ...claims, jti: typeof claims['jti'] },
        {
          iss: 'tokenwise',
          aud: 'https://tools.example.com',
          sub: 'user-1',
          conversation_id: 'c-1',
          tool_call_id: 'tooluse_1',
          tool: 'items',
          iat: NOW / 1000,
          exp: NOW / 1000 + 60,
          jti: 'string',
        },
      );
      await assert.rejects(verify(token, 'another-secret-0123456789-abcdefghijklmnopq', 'HS256'));
    } finally {
      Date.now = originalNow;
    }
  });

  it('sends no caller token when no secret is configured', async () => {
    const seen: Seen[] = [];
    await callHttpTool({ ...base, fetch: fakeFetch(seen, () => new Response('ok')) });
    assert.equal(seen[0]?.headers[CALLER_TOKEN_HEADER], undefined);
  });
});

describe('callHttpTool (destinations)', () => {
  const refused = [
    'http://127.0.0.1:8080/x',
    'http://localhost/x',
    'http://api.localhost/x',
    'http://[::1]/x',
    'http://[::ffff:127.0.0.1]/x',
    'http://2130706433/x',
    'http://0x7f.0.0.1/x',
    'http://10.0.0.8/x',
    'http://169.254.169.254/latest/meta-data/',
    'http://192.168.1.1/x',
    'http://[fd00::1]/x',
    'http://[fe80::1]/x',
    'http://0.0.0.0/x',
  ];
  for (const url of refused) {
    it(`refuses ${url} without calling it, and calls it when the manifest opts in`, async () => {
      const seen: Seen[] = [];
      const http = { url, method: 'GET' } as const;
      const outcome = await callHttpTool({ ...base, http, fetch: fakeFetch(seen, () => new Response('ok')) });
      assert.equal(outcome.status, 'error');
      assert.match(outcome.text, /its URL is refused: its address is loopback or private/);
      assert.equal(seen.length, 0);
      const allowed = await callHttpTool({
        ...base,
        http: { ...http, allowPrivateNetwork: true },
        fetch: fakeFetch(seen, () => new Response('ok')),
      });
      assert.deepEqual(allowed, { status: 'success', text: 'ok' });
    });
  }

  it('refuses a host name that resolves to a private address, or does not resolve', async () => {
    const seen: Seen[] = [];
    const addresses: Record<string, string[]> = {
      'internal.example.com': ['93.184.216.34', '10.0.0.5'],
      'rebound.example.com': ['::ffff:169.254.169.254'],
      'public.example.com': ['93.184.216.34', '2606:4700::1111'],
    };
    const resolveHost = async (host: string) => {
      const found = addresses[host];
      if (found === undefined) throw new Error('ENOTFOUND');
      return found;
    };
    const call = (host: string) =>
      callHttpTool({
        ...base,
        http: { url: `https://${host}/x`, method: 'GET' },
        resolveHost,
        fetch: fakeFetch(seen, () => new Response('ok')),
      });
    assert.match((await call('internal.example.com')).text, /loopback or private/);
    assert.match((await call('rebound.example.com')).text, /loopback or private/);
    assert.match((await call('missing.example.com')).text, /does not resolve/);
    assert.equal(seen.length, 0);
    assert.deepEqual(await call('public.example.com'), { status: 'success', text: 'ok' });
  });
});

describe('callHttpTool (answers)', () => {
  it('names an empty answer, an HTTP error and a network failure', async () => {
    assert.deepEqual(await callHttpTool({ ...base, fetch: fakeFetch([], () => new Response('')) }), {
      status: 'success',
      text: '(empty result)',
    });
    assert.deepEqual(await callHttpTool({ ...base, fetch: fakeFetch([], () => new Response('', { status: 404 })) }), {
      status: 'error',
      text: 'Tool items failed: HTTP 404',
    });
    assert.deepEqual(await callHttpTool({ ...base, fetch: () => Promise.reject(new TypeError('fetch failed')) }), {
      status: 'error',
      text: 'Tool items failed: the request failed.',
    });
  });

  it('reads the answer as a stream and stops pulling at the cap', async () => {
    let pulled = 0;
    const chunk = new TextEncoder().encode('word '.repeat(1_000)); // 5,000 bytes
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const outcome = await callHttpTool({ ...base, fetch: async () => new Response(endless) });
    assert.equal(outcome.status, 'success');
    assert.equal(outcome.text.length, 64_000);
    assert.ok(pulled <= 64_000 + 3 * chunk.length, `pulled ${pulled} bytes for a 64,000-character cap`);
  });
});

describe('callHttpTool (a real server on loopback)', () => {
  let server: Server;
  let origin: string;
  const hits: string[] = [];
  let endlessClosed: Promise<void> = Promise.resolve();

  function redirect(response: ServerResponse, status: number, location: string): void {
    response.writeHead(status, { location }).end();
  }

  before(async () => {
    server = createServer((request, response) => {
      const path = request.url ?? '';
      hits.push(`${request.method} ${request.headers.host?.split(':')[0]} ${path}`);
      if (path === '/endless') {
        endlessClosed = new Promise((resolve) => response.on('close', resolve));
        response.writeHead(200, { 'content-type': 'text/plain' });
        const timer = setInterval(() => response.write('lorem ipsum dolor sit amet '.repeat(200)), 1);
        response.on('close', () => clearInterval(timer));
        return;
      }
      if (path === '/elsewhere') return redirect(response, 302, 'https://attacker.example.net/collect');
      if (path === '/to-localhost') return redirect(response, 307, `http://localhost:${port()}/final`);
      if (path === '/see-other') return redirect(response, 303, '/final');
      if (path.startsWith('/loop')) return redirect(response, 302, '/loop');
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${port()}`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const port = () => (server.address() as AddressInfo).port;
  const call = (path: string, extra: Partial<CallHttpToolOptions['http']> = {}, method: ToolHttp['method'] = 'GET') =>
    callHttpTool({
      ...base,
      http: { url: `${origin}${path}`, method, allowPrivateNetwork: true, ...extra },
      fetch: (input, init) => fetch(input, init),
    });

  it('cuts an endless answer at 64,000 characters and closes the connection', async () => {
    const outcome = await call('/endless');
    assert.equal(outcome.status, 'success');
    assert.equal(outcome.text.length, 64_000);
    await endlessClosed;
  });

  it('does not follow a redirect to a host the manifest does not list', async () => {
    hits.length = 0;
    const outcome = await call('/elsewhere');
    assert.deepEqual(outcome, {
      status: 'error',
      text: 'Tool items failed: HTTP 302: a redirect to a host the manifest does not allow.',
    });
    assert.deepEqual(hits, ['GET 127.0.0.1 /elsewhere']);
  });

  it('follows a redirect to a listed host, and a 303 after POST as a GET without body', async () => {
    hits.length = 0;
    assert.deepEqual(await call('/to-localhost', { redirectHosts: ['LOCALHOST'] }), {
      status: 'success',
      text: '{"ok":true}',
    });
    assert.deepEqual(await call('/see-other', { redirectHosts: ['127.0.0.1'] }, 'POST'), {
      status: 'success',
      text: '{"ok":true}',
    });
    assert.deepEqual(hits, [
      'GET 127.0.0.1 /to-localhost',
      'GET localhost /final',
      'POST 127.0.0.1 /see-other',
      'GET 127.0.0.1 /final',
    ]);
  });

  it('gives up after three redirects', async () => {
    const outcome = await call('/loop', { redirectHosts: ['127.0.0.1'] });
    assert.deepEqual(outcome, { status: 'error', text: 'Tool items failed: more than 3 redirects.' });
  });
});
