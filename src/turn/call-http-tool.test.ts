import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { callHttpTool, type CallHttpToolOptions } from './call-http-tool.ts';

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

const base: Omit<CallHttpToolOptions, 'fetch'> = {
  http: { url: 'http://127.0.0.1:9/items?fixed=1', method: 'GET' },
  toolName: 'items',
  input: {},
  timeoutMs: 1_000,
  headers: { 'x-tokenwise-conversation': 'c-1' },
};

describe('callHttpTool', () => {
  it("sends GET/DELETE input as query parameters (objects JSON-encoded), keeping the URL's own", async () => {
    const seen: Seen[] = [];
    const outcome = await callHttpTool({
      ...base,
      http: { ...base.http, method: 'DELETE' },
      input: { id: 'a b', tags: ['x'], limit: 3 },
      fetch: fakeFetch(seen, () => new Response('gone')),
    });
    assert.deepEqual(outcome, { status: 'success', text: 'gone' });
    assert.equal(seen[0]?.url, 'http://127.0.0.1:9/items?fixed=1&id=a+b&tags=%5B%22x%22%5D&limit=3');
    assert.equal(seen[0]?.method, 'DELETE');
    assert.equal(seen[0]?.body, null);
    assert.equal(seen[0]?.headers['x-tokenwise-conversation'], 'c-1');
  });

  it('sends other methods a JSON body', async () => {
    const seen: Seen[] = [];
    await callHttpTool({
      ...base,
      http: { ...base.http, method: 'PATCH' },
      input: { id: 1 },
      fetch: fakeFetch(seen, () => new Response('{}')),
    });
    assert.equal(seen[0]?.body, '{"id":1}');
    assert.equal(seen[0]?.headers['content-type'], 'application/json');
  });

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

  it('cuts a very long answer', async () => {
    const outcome = await callHttpTool({ ...base, fetch: fakeFetch([], () => new Response('x'.repeat(100_000))) });
    assert.equal(outcome.text.length, 64_000);
  });
});
