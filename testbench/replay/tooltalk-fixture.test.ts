// The ToolTalk fixture (never tuned on; see testbench/fixtures/ATTRIBUTION.md) parses and holds what it says it holds.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { createToolRegistry } from '../../src/pipeline/tool-catalogue/index.ts';
import { parseConversationsJsonl } from './conversation-format.ts';
import { loadConversationsFile } from './load-conversations-file.ts';
import { splitHalves } from './split-halves.ts';
import { summariseConversations } from './summarise-conversations.ts';

const fixture = (path: string) => fileURLToPath(new URL(`../fixtures/tooltalk/${path}`, import.meta.url));
const CONVERSATIONS = fixture('conversations.jsonl');
const TOOLS = JSON.parse(readFileSync(fixture('tools.json'), 'utf8')) as { name: string; tags: string[] }[];

describe('tooltalk fixture', () => {
  const parsed = parseConversationsJsonl(readFileSync(CONVERSATIONS, 'utf8'));

  it('parses with zero errors and holds the documented counts', () => {
    assert.deepEqual(parsed.errors, []);
    const { toolUse, ...summary } = summariseConversations(parsed.conversations);
    assert.equal(summary.conversations, 78);
    assert.equal(summary.userTurns, 272);
    assert.equal(summary.toolCalls, 266);
    assert.equal(summary.toolErrors, 1);
    assert.deepEqual(toolUse.slice(0, 3).map((use) => use.name).sort(), ['AddReminder', 'CreateEvent', 'SendMessage']);
  });

  it('calls only tools of its manifest, which loads whole: 28 tools in the seven suites', () => {
    const registry = createToolRegistry();
    assert.deepEqual(registry.loadManifest(TOOLS), { ok: true, added: TOOLS.map((tool) => tool.name) });
    assert.deepEqual(registry.domains(), ['account', 'alarm', 'calendar', 'email', 'messages', 'reminder', 'weather']);
    assert.equal(registry.domainTools().length, 28);
    const called = summariseConversations(parsed.conversations).toolUse.map((use) => use.name);
    assert.deepEqual(called.filter((name) => registry.get(name) === undefined), []);
  });

  it('inlines its system prompt and keeps each conversation in time order', async () => {
    const loaded = await loadConversationsFile(CONVERSATIONS);
    assert.deepEqual(loaded.errors, []);
    assert.ok(loaded.conversations.every((c) => c.system?.startsWith('You are a personal assistant') === true));
    for (const conversation of parsed.conversations) {
      const times = conversation.turns.map((turn) => Date.parse(turn.at));
      assert.ok(times.every((time, index) => index === 0 || time > (times[index - 1] ?? 0)), conversation.id);
    }
  });

  it('splits into two halves by conversation id, as the bench replays it', () => {
    const halves = splitHalves(parsed.conversations, (conversation) => conversation.id);
    assert.equal(halves.tuning.length + halves['held-out'].length, 78);
    assert.ok(halves.tuning.length > 20 && halves['held-out'].length > 20);
  });
});
