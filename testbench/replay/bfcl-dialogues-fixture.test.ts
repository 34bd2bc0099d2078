// BFCL's multi-turn dialogues as a replay fixture (see testbench/fixtures/ATTRIBUTION.md): every recorded call names a
// tool of the 128-tool catalogue and of the classes the dialogue involves, and the halves are the bench's.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { createToolRegistry } from '../../src/pipeline/tool-catalogue/index.ts';
import { parseConversationsJsonl } from './conversation-format.ts';
import { loadConversationsFile } from './load-conversations-file.ts';
import { splitHalves } from './split-halves.ts';
import { summariseConversations } from './summarise-conversations.ts';

const folder = (name: string) => fileURLToPath(new URL(`../fixtures/bfcl/${name}`, import.meta.url));
const parsed = parseConversationsJsonl(readFileSync(folder('conversations.jsonl'), 'utf8'));
const registry = createToolRegistry();
const loadedTools = registry.loadManifest(JSON.parse(readFileSync(folder('tools.json'), 'utf8')));

describe('BFCL multi-turn dialogues fixture', () => {
  it('parses whole: 200 dialogues, 734 user turns, 1,142 calls', () => {
    assert.deepEqual(parsed.errors, []);
    assert.equal(loadedTools.ok, true);
    const summary = summariseConversations(parsed.conversations);
    assert.equal(summary.conversations, 200);
    assert.equal(summary.userTurns, 734);
    assert.equal(summary.toolCalls, 1142);
    assert.equal(summary.toolErrors, 0);
  });

  it("calls only the catalogue's tools, each of a class the dialogue involves", () => {
    for (const conversation of parsed.conversations) {
      const classes = conversation.meta?.['classes'];
      assert.ok(Array.isArray(classes) && classes.length > 0, conversation.id);
      for (const turn of conversation.turns) {
        for (const call of turn.role === 'assistant' ? turn.toolCalls ?? [] : []) {
          const tags = registry.get(call.name)?.tags ?? [];
          assert.ok(tags.some((tag) => classes.includes(tag)), `${conversation.id}: ${call.name} (${tags.join()})`);
        }
      }
    }
  });

  it('reads its system prompt from the folder, and the bench splits it into halves of 348 and 386 user turns', async () => {
    const loaded = await loadConversationsFile(folder('conversations.jsonl'));
    assert.deepEqual(loaded.errors, []);
    assert.ok(loaded.conversations.every((one) => one.system?.includes('files and\nfolders') === true));
    const halves = splitHalves(loaded.conversations, (conversation) => conversation.id);
    const userTurns = (half: readonly { turns: readonly { role: string }[] }[]) =>
      half.flatMap((one) => one.turns).filter((turn) => turn.role === 'user').length;
    assert.deepEqual([userTurns(halves.tuning), userTurns(halves['held-out'])], [348, 386]);
  });
});
