import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { formatConversationsJsonl } from './conversation-format.ts';
import type { Conversation } from './conversation-format.ts';
import { loadConversationsFile } from './load-conversations-file.ts';

const turns: Conversation['turns'] = [{ at: '2024-05-15T20:00:00.000Z', role: 'user', text: 'hi' }];

describe('loadConversationsFile', () => {
  it('inlines system files relative to the JSONL, reports a missing one by line, keeps bad lines reported', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tokenwise-load-'));
    try {
      await writeFile(join(dir, 'policy.md'), 'Policy text.');
      const conversations: Conversation[] = [
        { id: 'a', systemFile: 'policy.md', turns },
        { id: 'b', systemFile: 'missing.md', turns },
        { id: 'c', system: 'Inline.', turns },
      ];
      await writeFile(join(dir, 'c.jsonl'), `${formatConversationsJsonl(conversations)}not json\n`);
      const result = await loadConversationsFile(join(dir, 'c.jsonl'));
      assert.deepEqual(result.conversations, [{ id: 'a', system: 'Policy text.', turns }, {
        id: 'c',
        system: 'Inline.',
        turns,
      }]);
      assert.deepEqual(result.errors.map((error) => error.line), [2, 4]);
      assert.match(result.errors[0]?.message ?? '', /^systemFile missing\.md: /);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
