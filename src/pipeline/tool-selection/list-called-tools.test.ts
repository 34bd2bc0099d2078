import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { listCalledTools } from './list-called-tools.ts';
import type { PromptMessage } from '../types/index.ts';

const use = (name: string, id: string) => ({ type: 'tool_use' as const, id, name, input: {} });
const messages: PromptMessage[] = [
  { role: 'user', content: [{ type: 'text', text: 'hi' }] },
  { role: 'assistant', content: [use('get_user', 't1')] },
  { role: 'user', content: [{ type: 'tool_result', toolUseId: 't1', text: '{}', status: 'success' }] },
  { role: 'assistant', content: [{ type: 'text', text: 'checking' }, use('search', 't2'), use('get_user', 't3')] },
];

describe('listCalledTools', () => {
  it('lists each called tool once, the most recent first', () => {
    assert.deepEqual(listCalledTools(messages), ['get_user', 'search']);
  });
  it('stops at the limit and ignores messages without calls', () => {
    assert.deepEqual(listCalledTools(messages, 1), ['get_user']);
    assert.deepEqual(listCalledTools(messages.slice(0, 1)), []);
  });
});
