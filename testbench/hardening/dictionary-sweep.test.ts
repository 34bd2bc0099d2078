// Dictionary sweep: every English word of `word-list` (and every special word) through the ranking, and a few hundred
// words as messages through the HTTP route of the real server, also with a catalogue named after Object.prototype.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createToolRegistry } from '../../src/pipeline/tool-catalogue/index.ts';
import { createToolIndex, rankTools } from '../../src/pipeline/tool-search/index.ts';
import { DOMAIN_TOOL_PACK } from '../../src/tools/create-demo-tool-pack.ts';
import { type HardenedServer, startHardenedServer } from './start-hardened-server.ts';
import { createTurnProbe, type TurnProbe } from './turn-probe.ts';
import { PROTOTYPE_NAMES, readEnglishWords, sampleEnglishWords, SPECIAL_WORDS } from './word-vocabulary.ts';

/** English words sent through the HTTP route (evenly spaced over the list), besides every special word. */
const ROUTE_SAMPLE = 200;
/** Messages per conversation before a fresh one (keeps each conversation's window small and the run quick). */
const MESSAGES_PER_CONVERSATION = 40;
const CONSTRUCTOR_MESSAGE = 'My brother works as a constructor of houses; remind me to call him';

/** Sends each text as a message; returns one line per answer that was not a 200 with an assistant message. */
async function sendAll(probe: TurnProbe, texts: readonly string[]): Promise<string[]> {
  const failures: string[] = [];
  let conversation = '';
  for (const [at, text] of texts.entries()) {
    if (at % MESSAGES_PER_CONVERSATION === 0) conversation = await probe.createConversation();
    const answer = await probe.send(conversation, text);
    const message = (answer.body as { message?: { role?: unknown; text?: unknown } } | undefined)?.message;
    if (answer.status !== 200 || message?.role !== 'assistant' || typeof message.text !== 'string') {
      failures.push(`${JSON.stringify(text)} → ${answer.status} ${answer.text.slice(0, 200)}`);
    }
  }
  return failures;
}

describe('dictionary sweep through the ranking', () => {
  it('ranks every word of the English list and every special word alone, with no error', () => {
    const registry = createToolRegistry();
    const index = createToolIndex(DOMAIN_TOOL_PACK.map((entry) => registry.register(entry.spec)));
    const words = [...readEnglishWords(), ...SPECIAL_WORDS];
    assert.ok(words.length > 250_000, `${words.length} words`);
    const errors: string[] = [];
    for (const word of words) {
      try {
        for (const entry of rankTools(index, { query: word })) {
          if (!Number.isFinite(entry.score)) throw new Error(`score ${entry.score} for ${entry.name}`);
        }
      } catch (error) {
        errors.push(`${word}: ${String(error)}`);
      }
    }
    assert.deepEqual(errors.slice(0, 20), []);
  });
});

/** A catalogue whose every tool is named, tagged and described after an Object.prototype member. */
function prototypeManifest(): unknown[] {
  return PROTOTYPE_NAMES.map((name) => ({
    name: name.replace(/[^A-Za-z0-9_-]/gu, '_'),
    description: `A ${name} of houses: call ${name} to build, list or remove a ${name} for the user.`,
    tags: [name === '__proto__' ? 'proto' : name],
    inputSchema: {
      type: 'object',
      properties: { [name]: { type: 'string', description: `the ${name}` } },
      required: [name],
    },
  }));
}

/** Runs `use` against a fresh hardened server started with `env`, and always stops it. */
async function withServer(env: Record<string, string>, use: (server: HardenedServer) => Promise<void>): Promise<void> {
  const server = await startHardenedServer(env);
  try {
    await use(server);
  } finally {
    await server.close();
  }
}

describe('dictionary sweep through the HTTP route', { timeout: 300_000 }, () => {
  let directory: string;
  before(() => {
    directory = mkdtempSync(join(tmpdir(), 'tokenwise-words-'));
  });
  after(() => rmSync(directory, { recursive: true, force: true }));

  it(`answers the constructor message, every special word and ${ROUTE_SAMPLE} English words with 200`, async () => {
    await withServer({}, async (server) => {
      const probe = await createTurnProbe(server, 'dictionary-user');
      const texts = [CONSTRUCTOR_MESSAGE, ...SPECIAL_WORDS, ...sampleEnglishWords(ROUTE_SAMPLE)];
      assert.deepEqual(await sendAll(probe, texts), []);
    });
  });

  it('starts with a catalogue named after every Object.prototype member and answers messages naming them', async () => {
    const manifestPath = join(directory, 'tools.json');
    writeFileSync(manifestPath, JSON.stringify(prototypeManifest()));
    await withServer({ TOOLS_MANIFEST: manifestPath }, async (server) => {
      const probe = await createTurnProbe(server, 'manifest-user');
      const texts = [CONSTRUCTOR_MESSAGE, ...PROTOTYPE_NAMES.map((name) => `please ${name} the ${name} now`)];
      assert.deepEqual(await sendAll(probe, texts), []);
    });
  });
});
