// The τ²-bench telecom fixture (never tuned on; see testbench/fixtures/ATTRIBUTION.md) parses and holds what it says.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { createToolRegistry } from '../../src/pipeline/tool-catalogue/index.ts';
import { parseConversationsJsonl } from './conversation-format.ts';
import { loadConversationsFile } from './load-conversations-file.ts';
import { splitHalves } from './split-halves.ts';
import { summariseConversations } from './summarise-conversations.ts';

const fixture = (path: string) => fileURLToPath(new URL(`../fixtures/tau2-telecom/${path}`, import.meta.url));
const CONVERSATIONS = fixture('conversations.jsonl');
const TOOLS = JSON.parse(readFileSync(fixture('tools.json'), 'utf8')) as { name: string; tags: string[] }[];

describe('tau2-telecom fixture', () => {
  const parsed = parseConversationsJsonl(readFileSync(CONVERSATIONS, 'utf8'));

  it('parses with zero errors and holds the documented counts', () => {
    assert.deepEqual(parsed.errors, []);
    const { toolUse, ...summary } = summariseConversations(parsed.conversations);
    assert.equal(summary.conversations, 20);
    assert.equal(summary.userTurns, 153);
    assert.equal(summary.toolCalls, 90);
    assert.equal(summary.toolErrors, 1);
    assert.deepEqual(toolUse.slice(0, 2).map((use) => use.name), ['get_details_by_id', 'get_customer_by_phone']);
  });

  it("calls only the agent's tools, which load whole: 13 telecom tools and none of the user's phone actions", () => {
    const registry = createToolRegistry();
    assert.deepEqual(registry.loadManifest(TOOLS), { ok: true, added: TOOLS.map((tool) => tool.name).sort() });
    assert.deepEqual(registry.domains(), ['telecom']);
    assert.equal(registry.domainTools().length, 13);
    const called = summariseConversations(parsed.conversations).toolUse.map((use) => use.name);
    assert.deepEqual(called.filter((name) => registry.get(name) === undefined), []);
    assert.ok(!called.includes('toggle_airplane_mode') && !called.includes('run_speed_test'));
  });

  it("inlines the domain's policy as the system prompt, keeps time order and drops the simulator's stop marks", async () => {
    const loaded = await loadConversationsFile(CONVERSATIONS);
    assert.deepEqual(loaded.errors, []);
    assert.ok(loaded.conversations.every((c) => c.system?.includes('telecom') === true));
    for (const conversation of parsed.conversations) {
      const times = conversation.turns.map((turn) => Date.parse(turn.at));
      assert.ok(times.every((time, index) => index === 0 || time >= (times[index - 1] ?? 0)), conversation.id);
      assert.equal(conversation.turns[0]?.role, 'user', conversation.id);
      for (const turn of conversation.turns) {
        if (turn.role === 'user') assert.doesNotMatch(turn.text, /###(STOP|TRANSFER)###/u, conversation.id);
      }
    }
  });

  it('splits into two halves by conversation id, as the bench replays it', () => {
    const halves = splitHalves(parsed.conversations, (conversation) => conversation.id);
    assert.equal(halves.tuning.length + halves['held-out'].length, 20);
    assert.ok(halves.tuning.length >= 5 && halves['held-out'].length >= 5);
  });
});
