// The shipped fixtures parse cleanly and hold what docs/replay-format.md says they hold.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { createToolRegistry } from '../../src/pipeline/tool-catalogue/index.ts';
import { concatenateSessions, SESSION_GAP_KINDS } from './concatenate-sessions.ts';
import { parseConversationsJsonl } from './conversation-format.ts';
import { importDialogues } from './import-dialogues.ts';
import { loadConversationsFile } from './load-conversations-file.ts';
import { summariseConversations } from './summarise-conversations.ts';

const fixture = (path: string) => fileURLToPath(new URL(`../fixtures/${path}`, import.meta.url));
const TAU = fixture('tau-airline/conversations.jsonl');
const TOOLS = JSON.parse(readFileSync(fixture('tau-airline/tools.json'), 'utf8')) as { name: string; tags: string[] }[];

describe('tau-airline fixture', () => {
  const parsed = parseConversationsJsonl(readFileSync(TAU, 'utf8'));

  it('parses with zero errors and holds the documented counts', () => {
    assert.deepEqual(parsed.errors, []);
    const { toolUse, ...summary } = summariseConversations(parsed.conversations);
    assert.deepEqual(summary, {
      conversations: 200,
      userTurns: 1461,
      assistantTurns: 2454,
      toolCalls: 1164,
      toolErrors: 73,
      incompleteExchanges: 171,
      maxUserTurns: 30,
    });
    assert.deepEqual(toolUse[0], { name: 'get_reservation_details', calls: 377 });
    assert.ok(statSync(TAU).size < 2_500_000);
  });

  it('points every conversation at the airline policy, which loading inlines', async () => {
    assert.ok(parsed.conversations.every((c) => c.systemFile === 'system-prompt.md' && c.system === undefined));
    const loaded = await loadConversationsFile(TAU);
    assert.deepEqual(loaded.errors, []);
    assert.ok(
      loaded.conversations.every((c) =>
        c.system?.startsWith('# Airline Agent Policy') === true && c.systemFile === undefined
      ),
    );
  });

  it('never goes back in time across the file, so one clock replays it in order', () => {
    const times = parsed.conversations.flatMap((c) => c.turns.map((turn) => Date.parse(turn.at)));
    assert.ok(times.every((time, index) => index === 0 || time >= (times[index - 1] ?? 0)));
  });

  it('calls only airline tools of the manifest', () => {
    const airline = new Set(TOOLS.filter((tool) => tool.tags.includes('airline')).map((tool) => tool.name));
    const called = new Set(summariseConversations(parsed.conversations).toolUse.map((use) => use.name));
    assert.deepEqual([...called].filter((name) => !airline.has(name)), []);
    assert.ok(parsed.conversations.every((c) => c.tools?.every((name) => airline.has(name))));
  });

  it('chains into at least four sessions of 300+ user turns with short, cache-expiring and overnight gaps', () => {
    const result = concatenateSessions(parsed.conversations, { targetUserTurns: 300 });
    assert.ok(result.ok);
    assert.ok(result.sessions.length >= 4);
    const gaps = result.sessions.flatMap((session) => session.meta?.gapsMs as number[]);
    for (const kind of Object.values(SESSION_GAP_KINDS)) {
      assert.ok(gaps.some((gap) => gap >= kind.min && gap <= kind.max));
    }
  });
});

describe('tau-airline tools manifest', () => {
  it('holds the 14 airline and 16 retail tools under unique names', () => {
    assert.equal(TOOLS.filter((tool) => tool.tags.includes('airline')).length, 14);
    assert.equal(TOOLS.filter((tool) => tool.tags.includes('retail')).length, 16);
    assert.equal(new Set(TOOLS.map((tool) => tool.name)).size, TOOLS.length);
  });

  it('loads into one registry beside the BFCL catalogue (no clashing names), making 100+ domain tools', () => {
    const registry = createToolRegistry();
    assert.deepEqual(registry.loadManifest(TOOLS), { ok: true, added: TOOLS.map((tool) => tool.name) });
    const bfcl = fixture('bfcl/tools.json');
    if (!existsSync(bfcl)) return;
    const loaded = registry.loadManifest(JSON.parse(readFileSync(bfcl, 'utf8')));
    assert.equal(loaded.ok, true, JSON.stringify(loaded));
    assert.ok(registry.domainTools().length >= 100);
  });
});

describe('dialogue fixtures', () => {
  const options = { idPrefix: 'sample', startAt: Date.parse('2024-05-15T20:00:00.000Z') };

  it('imports the text sample: three named dialogues, no problems', () => {
    const result = importDialogues(readFileSync(fixture('dialogues/sample-dialogues.txt'), 'utf8'), options);
    assert.deepEqual(result.problems, []);
    assert.deepEqual(result.conversations.map((c) => [c.id, c.turns.length]), [['garden-watering', 6], [
      'trip-packing',
      4,
    ], ['recipe-scaling', 4]]);
  });

  it('imports the JSON sample: two dialogues, no problems', () => {
    const result = importDialogues(readFileSync(fixture('dialogues/sample-dialogues.json'), 'utf8'), options);
    assert.deepEqual(result.problems, []);
    assert.deepEqual(result.conversations.map((c) => c.turns.length), [4, 2]);
  });
});
