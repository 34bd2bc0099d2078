// Bad input over the real port: 3,000 seeded hostile requests to every route, zero 5xx, every error in the JSON shape,
// and every accepted message returned byte for byte by the history route. Replay a failure with its seed and index.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_MAX_BODY_BYTES } from '../../src/http/create-app.ts';
import { DEFAULT_MAX_TEXT_CHARS } from '../../src/http/request-schemas.ts';
import { createRandom, generateHostileRequest, type HostileRequest } from './generate-hostile-request.ts';
import { type HardenedServer, isErrorShape, startHardenedServer } from './start-hardened-server.ts';
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
