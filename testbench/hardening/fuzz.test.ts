// Bad input over the real port: 3,000 seeded hostile requests to every route, zero 5xx, every error in the JSON shape,
// and every accepted message returned byte for byte by the history route. Replay a failure with its seed and index.
// Then 150 seeded hostile tool inputs from the model: only schema-valid ones reach the tool backend.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_MAX_BODY_BYTES } from '../../src/http/create-app.ts';
import { DEFAULT_MAX_TEXT_CHARS } from '../../src/http/request-schemas.ts';
import { createRandom, generateHostileRequest, type HostileRequest } from './generate-hostile-request.ts';
import { type HardenedServer, isErrorShape, startHardenedServer } from './start-hardened-server.ts';
import { startToolBackend, type ToolBackend } from './start-tool-backend.ts';
import { createTurnProbe } from './turn-probe.ts';

const SEED = 20261122;
const CASES = 3000;
/** Parallel senders, each on a conversation of its own (so its sends never overlap one another). */
const WORKERS = 4;
const MAX_BODY_BYTES = DEFAULT_MAX_BODY_BYTES;
const MAX_TEXT_CHARS = DEFAULT_MAX_TEXT_CHARS;

function describeCase(index: number, request: HostileRequest): string {
  const body = request.body === undefined
    ? ''
    : typeof request.body === 'string'
    ? request.body.slice(0, 120)
    : `bytes ${[...request.body].join(',')}`;
  return `case ${index} (seed ${SEED}): ${request.method} ${request.path.slice(0, 120)} ${JSON.stringify(body)}`;
}

/** The text a client meant: the `text` field of the body as JSON (duplicate keys: the last wins, as JSON.parse does). */
function expectedText(request: HostileRequest): string | undefined {
  const raw = typeof request.body === 'string'
    ? request.body
    : request.body === undefined
    ? ''
    : new TextDecoder().decode(request.body);
  try {
    const parsed: unknown = JSON.parse(raw);
    const text = typeof parsed === 'object' && parsed !== null ? (parsed as { text?: unknown }).text : undefined;
    return typeof text === 'string' ? text : undefined;
  } catch {
    return undefined;
  }
}

async function readAllTexts(server: HardenedServer, token: string, conversationId: string): Promise<string[]> {
  const texts: string[] = [];
  let before: string | null = null;
  do {
    const page = await server.call(
      'GET',
      `/v1/conversations/${conversationId}/messages?limit=100${
        before === null ? '' : `&before=${encodeURIComponent(before)}`
      }`,
      { token },
    );
    assert.equal(page.status, 200, page.text);
    const body = page.body as { messages: { role: string; text: string }[]; nextBefore: string | null };
    texts.unshift(...body.messages.filter((message) => message.role === 'user').map((message) => message.text));
    before = body.nextBefore;
  } while (before !== null);
  return texts;
}

describe('fuzz: hostile requests over the real port', () => {
  let server: HardenedServer;
  before(async () => {
    server = await startHardenedServer();
  });
  after(() => server.close());

  it(
    `answers ${CASES} seeded hostile requests without a 5xx, every error in the JSON shape, accepted texts stored exactly`,
    { timeout: 120_000 },
    async () => {
      const token = await server.token('fuzz-user');
      const otherToken = await server.token('fuzz-other');
      const mine = await Promise.all(
        Array.from({ length: WORKERS }, async () => (await createTurnProbe(server, 'fuzz-user')).createConversation()),
      );
      const theirs = await (await createTurnProbe(server, 'fuzz-other')).createConversation();
      const accepted = new Map<string, string[]>(mine.map((id) => [id, []]));
      const failures: string[] = [];
      let answered = 0;
      await Promise.all(mine.map(async (conversation, worker) => {
        const random = createRandom(SEED + worker);
        for (let index = worker; index < CASES; index += WORKERS) {
          const request = generateHostileRequest(random, {
            token,
            otherToken,
            mine: conversation,
            theirs,
            maxBodyBytes: MAX_BODY_BYTES,
            maxTextChars: MAX_TEXT_CHARS,
          });
          const response = await fetch(`${server.url}${request.path}`, {
            method: request.method,
            headers: request.headers,
            ...(request.body === undefined ? {} : { body: request.body as BodyInit }),
          });
          const text = await response.text();
          answered += 1;
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // checked below: an error answer must be JSON
          }
          if (response.status >= 500) {
            failures.push(`${describeCase(index, request)} answered ${response.status}: ${text.slice(0, 200)}`);
          } else if (response.status >= 400 && !isErrorShape(body)) {
            failures.push(
              `${describeCase(index, request)} answered ${response.status} outside the error shape: ${
                text.slice(0, 200)
              }`,
            );
          } else if (
            response.status === 200 && request.method === 'POST' &&
            request.path === `/v1/conversations/${conversation}/messages`
          ) {
            const sent = expectedText(request);
            if (sent === undefined) {
              failures.push(`${describeCase(index, request)} was accepted, but its body holds no text field`);
            } else accepted.get(conversation)?.push(sent);
          }
        }
      }));
      assert.deepEqual(failures.slice(0, 10), [], `${failures.length} failures`);
      assert.equal(answered, CASES);
      const total = [...accepted.values()].reduce((sum, texts) => sum + texts.length, 0);
      assert.ok(total >= 50, `only ${total} messages were accepted: the fuzz must also store text`);
      for (const [conversation, texts] of accepted) {
        const stored = await readAllTexts(server, token, conversation);
        assert.equal(
          stored.length,
          texts.length,
          `conversation ${conversation} stores ${stored.length} user messages for ${texts.length} accepted`,
        );
        stored.forEach((text, index) =>
          assert.ok(
            text === texts[index],
            `message ${index} of ${conversation} differs: ${JSON.stringify(text.slice(0, 80))} vs ${
              JSON.stringify(texts[index]?.slice(0, 80))
            }`,
          )
        );
      }
      assert.equal((await fetch(`${server.url}/healthz`)).status, 200);
      const errors = server.lines.filter((line) => line.includes('"level":"error"'));
      assert.deepEqual(errors.slice(0, 3), [], 'no unexpected error was logged');
    },
  );
});

/** Hostile values a model (or a prompt injection steering it) might put in a tool call. */
const TOOL_VALUES: readonly unknown[] = [
  'A-1',
  'Z-999999',
  'a-1',
  'A-',
  'A-1234567',
  '',
  ' A-1',
  'A-1\n',
  'A-1&tenant=evil',
  'A-1#x',
  '../admin',
  'constructor',
  '__proto__',
  '\u202EA-1',
  '𝕏-1',
  'x'.repeat(5_000),
  42,
  -1,
  1e308,
  true,
  null,
  [],
  ['A-1'],
  {},
  { $ref: '#' },
];
const TOOL_KEYS: readonly string[] = [
  'orderId',
  'orderId',
  'orderId',
  'tenant',
  'userId',
  '__proto__',
  'constructor',
  'toString',
  '',
];
const ORDER_ID = /^[A-Z]-[0-9]{1,6}$/;

/** The schema below, checked independently of the validator under test: exactly one key, orderId, matching ORDER_ID. */
function isValidOrderInput(input: Readonly<Record<string, unknown>>): boolean {
  const keys = Object.keys(input);
  return keys.length === 1 && keys[0] === 'orderId' && typeof input['orderId'] === 'string' &&
    ORDER_ID.test(input['orderId']);
}

describe('fuzz: model-chosen HTTP tool input over the real port', () => {
  const TOOL_SEED = 20261125;
  const TURNS = 30;
  const CALLS_PER_TURN = 5;
  let backend: ToolBackend;
  let directory: string;
  let server: HardenedServer;

  before(async () => {
    backend = await startToolBackend();
    directory = mkdtempSync(join(tmpdir(), 'tokenwise-fuzz-tools-'));
    const manifest = join(directory, 'tools.json');
    writeFileSync(
      manifest,
      JSON.stringify([{
        name: 'lookup_order',
        description: 'Looks up the shipping status of an order by its id.',
        inputSchema: {
          type: 'object',
          properties: { orderId: { type: 'string', pattern: ORDER_ID.source } },
          required: ['orderId'],
          additionalProperties: false,
        },
        tags: ['orders'],
        http: { url: `${backend.url}/orders?tenant=acme`, method: 'GET', allowPrivateNetwork: true },
      }]),
    );
    server = await startHardenedServer({
      TOOL_CALLER_SECRET: 'fuzz-caller-secret-0123456789-abcdefghijkl',
      TOOLS_MANIFEST: manifest,
    });
  });
  after(async () => {
    await server?.close();
    await backend?.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it(
    `runs ${
      TURNS * CALLS_PER_TURN
    } seeded hostile tool inputs: only schema-valid ones reach the backend, the fixed query never changes`,
    { timeout: 120_000 },
    async () => {
      const random = createRandom(TOOL_SEED);
      const probe = await createTurnProbe(server, 'fuzz-tools');
      const id = await probe.createConversation();
      const valid: string[] = [];
      for (let turn = 0; turn < TURNS; turn += 1) {
        const toolUses = Array.from({ length: CALLS_PER_TURN }, (_, index) => {
          const value = () =>
            random.next() < 0.4 ? `${random.pick(['A', 'K', 'Z'])}-${random.int(1_000_000)}` : random.pick(TOOL_VALUES);
          const input = Object.fromEntries(
            Array.from({ length: random.pick([0, 1, 1, 1, 2, 3]) }, () => [random.pick(TOOL_KEYS), value()]),
          );
          if (isValidOrderInput(input)) valid.push(String(input['orderId']));
          return { id: `fuzz-${turn}-${index}`, name: 'lookup_order', input };
        });
        server.simulator.simulator.script.enqueue({ model: 'sonnet', toolUses }, { model: 'sonnet', text: 'Done.' });
        const answer = await probe.send(id, `Check my orders, round ${turn}.`);
        assert.equal(answer.status, 200, `turn ${turn} (seed ${TOOL_SEED}): ${answer.text.slice(0, 300)}`);
      }
      assert.ok(
        valid.length > 5 && valid.length < TURNS * CALLS_PER_TURN - 5,
        'the seed mixes valid and invalid input',
      );
      const received = backend.requests.map((request) => new URL(request.url, backend.url).searchParams);
      assert.deepEqual(received.map((query) => query.get('orderId')), valid);
      for (const query of received) {
        assert.deepEqual(query.getAll('tenant'), ['acme'], 'the manifest URL keeps its own query');
        assert.deepEqual([...query.keys()].sort(), ['orderId', 'tenant']);
      }
    },
  );
});
