import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AssistantTurn, Conversation, ToolTurn, UserTurn } from './conversation-format.ts';
import { groupExchanges } from './group-exchanges.ts';

const AT = '2024-05-15T20:00:00.000Z';
const user = (text: string): UserTurn => ({ at: AT, role: 'user', text });
const say = (text: string): AssistantTurn => ({ at: AT, role: 'assistant', text });
const call = (id: string): AssistantTurn => ({ at: AT, role: 'assistant', toolCalls: [{ id, name: 't', input: {} }] });
const answer = (id: string): ToolTurn => ({ at: AT, role: 'tool', toolResults: [{ toolCallId: id, output: 'ok' }] });

describe('groupExchanges', () => {
  it('pairs each user turn with its steps, tool results attached to the step that called', () => {
    const turns = [user('a'), call('1'), answer('1'), call('2'), answer('2'), say('done'), user('b'), say('ok')];
    const conversation: Conversation = { id: 'x', turns };
    assert.deepEqual(groupExchanges(conversation), [
      {
        user: turns[0],
        steps: [{ reply: turns[1], results: turns[2] }, { reply: turns[3], results: turns[4] }, { reply: turns[5] }],
        complete: true,
      },
      { user: turns[6], steps: [{ reply: turns[7] }], complete: true },
    ]);
  });

  it('marks exchanges the recording left unfinished', () => {
    const turns = [user('a'), user('b'), call('1'), answer('1'), user('c')];
    const exchanges = groupExchanges({ id: 'x', turns });
    assert.deepEqual(exchanges.map((exchange) => [exchange.user.text, exchange.steps.length, exchange.complete]), [
      ['a', 0, false],
      ['b', 1, false],
      ['c', 0, false],
    ]);
  });
});
