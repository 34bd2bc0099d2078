import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { groupExchanges } from './group-exchanges.ts';
import type { Conversation } from './conversation-format.ts';
import { formatConversationsJsonl, parseConversationLine, parseConversationsJsonl } from './conversation-format.ts';

const AT = '2024-05-15T20:00:00.000Z';
const LATER = '2024-05-15T20:00:05.000Z';

/** A conversation using every feature: a step with two parallel calls, their results, then a final text. */
const FULL: Conversation = {
  id: 'c1',
  source: 'test',
  system: 'You are helpful.',
  tools: ['lookup', 'weather'],
  meta: { task: 1 },
  turns: [
    { at: AT, role: 'user', text: 'Weather in Paris and Rome?' },
    {
      at: AT,
      role: 'assistant',
      text: 'Checking both.',
      toolCalls: [
        { id: 'call_1', name: 'weather', input: { city: 'Paris' } },
        { id: 'call_2', name: 'weather', input: { city: 'Rome' } },
      ],
    },
    {
      at: LATER,
      role: 'tool',
      toolResults: [{ toolCallId: 'call_2', output: '25C' }, {
        toolCallId: 'call_1',
        output: 'Error: timeout',
        isError: true,
      }],
    },
    { at: LATER, role: 'assistant', text: 'Rome is 25C; Paris did not answer.' },
  ],
};

function withTurns(turns: readonly unknown[], extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ id: 'x', turns, ...extra });
}
const user = (text = 'hi', at = AT) => ({ at, role: 'user', text });
const reply = (text = 'hello', at = AT) => ({ at, role: 'assistant', text });
const call = (id: string, name = 'weather') => ({ at: AT, role: 'assistant', toolCalls: [{ id, name, input: {} }] });
const results = (...ids: string[]) => ({
  at: AT,
  role: 'tool',
  toolResults: ids.map((toolCallId) => ({ toolCallId, output: 'ok' })),
});

describe('parseConversationLine', () => {
  it('accepts a conversation with parallel tool calls, their results and a final text', () => {
    assert.deepEqual(parseConversationLine(JSON.stringify(FULL)), { ok: true, conversation: FULL });
  });

  it('accepts a conversation that stops mid-exchange (after a user turn or a tool turn)', () => {
    assert.equal(parseConversationLine(withTurns([user(), reply(), user()])).ok, true);
    assert.equal(parseConversationLine(withTurns([user(), call('a'), results('a')])).ok, true);
    assert.equal(parseConversationLine(withTurns([user(), call('a'), results('a'), user('again')])).ok, true);
  });

  const bad: readonly [string, string, RegExp][] = [
    ['not JSON', '{"id":', /invalid JSON/],
    ['no id', JSON.stringify({ turns: [user()] }), /id/],
    ['no turns', JSON.stringify({ id: 'x', turns: [] }), /turns: must hold at least one turn/],
    ['unknown role', withTurns([{ at: AT, role: 'system', text: 'x' }]), /turns\[0\]/],
    ['unknown turn field', withTurns([{ ...user(), extra: 1 }]), /turns\[0\]\.extra: unknown field/],
    ['blank user text', withTurns([user('  ')]), /turns\[0\]\.text: must not be blank/],
    ['time without zone', withTurns([user('hi', '2024-05-15T20:00:00')]), /turns\[0\]\.at: must be an ISO-8601/],
    ['impossible date', withTurns([user('hi', '2024-13-45T20:00:00Z')]), /not a real date/],
    [
      'array as tool input',
      withTurns([user(), { at: AT, role: 'assistant', toolCalls: [{ id: 'a', name: 'w', input: [] }] }]),
      /input: must be a JSON object/,
    ],
    ['unknown field', withTurns([user()], { extra: true }), /^extra: unknown field$/],
    ['bad tool name', withTurns([user(), call('a', 'no spaces allowed')]), /name: must match/],
    ['starts with the assistant', withTurns([reply(), user()]), /turns\[0\]: a conversation starts with a user turn/],
    ['goes back in time', withTurns([user('a', LATER), reply('b', AT)]), /turns\[1\]\.at: goes back in time/],
    ['two assistant turns', withTurns([user(), reply(), reply()]), /turns\[2\]: two assistant turns in a row/],
    ['empty assistant turn', withTurns([user(), { at: AT, role: 'assistant' }]), /needs text or toolCalls/],
    ['unanswered call', withTurns([user(), call('a'), reply()]), /turns\[1\]: its tool calls must be answered/],
    [
      'missing result',
      withTurns([user(), {
        ...call('a'),
        toolCalls: [{ id: 'a', name: 'w', input: {} }, { id: 'b', name: 'w', input: {} }],
      }, results('a')]),
      /no result for tool call\(s\) b/,
    ],
    ['stray result', withTurns([user(), call('a'), results('a', 'z')]), /"z" answers no open call/],
    ['result answered twice', withTurns([user(), call('a'), results('a', 'a')]), /"a" answers no open call/],
    [
      'tool turn after user',
      withTurns([user(), results('a')]),
      /a tool turn must follow an assistant turn with toolCalls/,
    ],
    [
      'reused call id',
      withTurns([user(), call('a'), results('a'), call('a'), results('a')]),
      /"a" is used by an earlier call/,
    ],
    [
      'call to an unlisted tool',
      withTurns([user(), call('a', 'other'), results('a')], { tools: ['weather'] }),
      /"other" is not in the conversation's tools/,
    ],
    [
      'blank error output',
      withTurns([user(), call('a'), {
        at: AT,
        role: 'tool',
        toolResults: [{ toolCallId: 'a', output: '', isError: true }],
      }]),
      /an error result needs a message/,
    ],
    ['system and systemFile', withTurns([user()], { system: 'a', systemFile: 'b.md' }), /give one, not both/],
  ];
  for (const [name, line, expected] of bad) {
    it(`rejects ${name}`, () => {
      const result = parseConversationLine(line);
      assert.equal(result.ok, false);
      if (!result.ok) assert.match(result.message, expected);
    });
  }
});

describe('parseConversationsJsonl', () => {
  it('reports each bad line with its number and keeps every good one, skipping blank lines', () => {
    const text = [JSON.stringify(FULL), '', 'oops', withTurns([reply()]), `${JSON.stringify({ ...FULL, id: 'c2' })}\r`]
      .join('\n');
    const result = parseConversationsJsonl(text);
    assert.deepEqual(result.conversations.map((c) => c.id), ['c1', 'c2']);
    assert.deepEqual(result.lines, [1, 5]);
    assert.deepEqual(result.errors.map((e) => e.line), [3, 4]);
  });

  it('reports a repeated id on the later line', () => {
    const line = JSON.stringify(FULL);
    const result = parseConversationsJsonl(`${line}\n${line}\n`);
    assert.equal(result.conversations.length, 1);
    assert.deepEqual(result.errors, [{ line: 2, message: 'id "c1" is already used on line 1' }]);
  });

  it('reads back exactly what formatConversationsJsonl wrote', () => {
    const conversations = [FULL, { ...FULL, id: 'c2', system: 'Other.' }];
    const text = formatConversationsJsonl(conversations);
    assert.equal(text.split('\n').length, 3);
    assert.deepEqual(parseConversationsJsonl(text), { conversations, lines: [1, 2], errors: [] });
  });
});

describe('docs/replay-format.md', () => {
  it('shows an example that parses, with parallel calls and complete exchanges', () => {
    const doc = readFileSync(new URL('../../docs/replay-format.md', import.meta.url), 'utf8');
    const example = /## Example[^\n]*\n+```json\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';
    const result = parseConversationLine(example.split('\n').join(''));
    assert.ok(result.ok, result.ok ? '' : result.message);
    assert.deepEqual(
      groupExchanges(result.conversation).map((exchange) => [exchange.steps.length, exchange.complete]),
      [[2, true], [1, true]],
    );
  });
});
