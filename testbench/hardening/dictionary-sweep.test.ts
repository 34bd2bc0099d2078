// Dictionary sweep: every English word of `word-list` (and every special word) through the ranking, a sample of words
// in sentences through the tool-list policy (at a first request and during a task, over the demo catalogue and one
// named after Object.prototype), and a few hundred words as messages through the HTTP route of the real server, also
// with the catalogue named after Object.prototype.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createToolRegistry } from '../../src/pipeline/tool-catalogue/index.ts';
import { createToolIndex, rankTools, type ToolIndex } from '../../src/pipeline/tool-search/index.ts';
import { planToolList } from '../../src/pipeline/tool-selection/index.ts';
import { DOMAIN_TOOL_PACK } from '../../src/tools/create-demo-tool-pack.ts';
import { type HardenedServer, startHardenedServer } from './start-hardened-server.ts';
import { createTurnProbe, type TurnProbe } from './turn-probe.ts';
import { PROTOTYPE_NAMES, readEnglishWords, sampleEnglishWords, SPECIAL_WORDS } from './word-vocabulary.ts';

/** English words put in sentences through the tool-list policy (evenly spaced over the list). */
const POLICY_SAMPLE = 600;
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

/**
 * Plans a tool list for each word in three sentences (alone, asked for, and beside another word), at a first request
 * with nothing offered and during a task (five tools offered, two called, the word in the assistant's last reply);
 * returns one line per plan that threw or offered a tool the catalogue lacks.
 */
function planEveryWord(registry: ReturnType<typeof createToolRegistry>, index: ToolIndex, words: readonly string[]) {
  const label = (text: string, task: boolean) => `${JSON.stringify(text)}${task ? ' (task)' : ''}`;
  const domains = registry.domains();
  const domainTools = (domain: string) => registry.domainTools(domain).map((spec) => spec.name);
  const all = domains.flatMap(domainTools);
  const failures: string[] = [];
  for (const [at, word] of words.entries()) {
    const other = words[(at * 7919) % words.length] ?? word;
    for (const text of [word, `Could you ${word} the ${word} please?`, `I want to ${word} my ${other}.`]) {
      for (const task of [false, true]) {
        try {
          const plan = planToolList({
            text,
            recentUserTurns: [other],
            lastReply: `Shall I ${word} it for you?`,
            previous: task ? all.slice(0, 5) : [],
            calledTools: task ? all.slice(0, 2) : [],
            opening: !task,
            index,
            lookup: (name) => registry.get(name),
            domainsOf: registry.domainsOf,
            domains,
            domainTools,
            minTools: 3,
            maxTools: 5,
            modelId: 'cheap',
          });
          const named = plan.kind === 'keep' ? plan.selected : [plan.trigger.name, ...plan.followers];
          const unknown = named.filter((name) => registry.get(name) === undefined);
          if (unknown.length > 0) failures.push(`${label(text, task)}: offers ${unknown.join(', ')}`);
        } catch (error) {
          failures.push(`${label(text, task)}: ${String(error)}`);
        }
      }
    }
  }
  return failures;
}

describe('dictionary sweep through the tool-list policy', () => {
  const words = [...sampleEnglishWords(POLICY_SAMPLE), ...SPECIAL_WORDS];

  it('plans a list for English and special words in sentences over the demo catalogue, with no error', () => {
    const registry = createToolRegistry();
    const index = createToolIndex(DOMAIN_TOOL_PACK.map((entry) => registry.register(entry.spec)));
    assert.deepEqual(planEveryWord(registry, index, words).slice(0, 20), []);
  });

  it('plans a list for the same words over a catalogue named after Object.prototype, with no error', () => {
    const registry = createToolRegistry();
    assert.ok(registry.loadManifest(prototypeManifest()).ok);
    assert.ok(registry.domains().includes('constructor'), 'a domain named constructor');
    assert.deepEqual(planEveryWord(registry, createToolIndex(registry.domainTools()), words).slice(0, 20), []);
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
