import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { importOpenAiChat } from './import-openai-chat.ts';

const call = (id: string, name: string, args: string) => ({
  id,
  type: 'function',
  function: { name, arguments: args },
});

describe('importOpenAiChat', () => {
  it('keeps recorded order: text, parallel calls with their results in one tool turn, final text', () => {
    const messages = [
      { role: 'system', content: 'Policy.' },
      { role: 'user', content: 'Two cities please.' },
      {
        role: 'assistant',
        content: 'Looking.',
        tool_calls: [call('c1', 'weather', '{"city":"Paris"}'), call('c2', 'weather', '{"city":"Rome"}')],
      },
      { role: 'tool', tool_call_id: 'c2', name: 'weather', content: '25C' },
      { role: 'tool', tool_call_id: 'c1', name: 'weather', content: 'Error: station offline' },
      { role: 'assistant', content: 'Rome 25C.' },
    ];
    assert.deepEqual(importOpenAiChat({ id: 'x', messages }), {
      ok: true,
      notes: [],
      conversation: {
        id: 'x',
        system: 'Policy.',
        turns: [
          { role: 'user', text: 'Two cities please.' },
          {
            role: 'assistant',
            text: 'Looking.',
            toolCalls: [{ id: 'c1', name: 'weather', input: { city: 'Paris' } }, {
              id: 'c2',
              name: 'weather',
              input: { city: 'Rome' },
            }],
          },
          {
            role: 'tool',
            toolResults: [{ toolCallId: 'c2', output: '25C' }, {
              toolCallId: 'c1',
              output: 'Error: station offline',
              isError: true,
            }],
          },
          { role: 'assistant', text: 'Rome 25C.' },
        ],
      },
    });
  });

  it('sanitises and renames tool names, renames repeated call ids, strips markers and merges same-side messages', () => {
    const messages = [
      { role: 'user', content: [{ type: 'text', text: 'first' }] },
      { role: 'user', content: 'second ###STOP###' },
      { role: 'assistant', content: null, tool_calls: [call('same', 'get.user', '{}')] },
      { role: 'tool', tool_call_id: 'same', content: '' },
      { role: 'assistant', content: 'part one' },
      { role: 'assistant', content: 'part two', tool_calls: [call('same', 'list_all', '')] },
      { role: 'tool', tool_call_id: 'same', content: 'ok' },
      { role: 'user', content: '###STOP###' },
    ];
    const result = importOpenAiChat({ id: 'x', messages }, {
      stripMarkers: ['###STOP###'],
      renameTools: { list_all: 'airline_list_all' },
    });
    assert.ok(result.ok);
    assert.deepEqual(result.conversation.turns, [
      { role: 'user', text: 'first\n\nsecond' },
      { role: 'assistant', toolCalls: [{ id: 'same', name: 'get_user', input: {} }] },
      { role: 'tool', toolResults: [{ toolCallId: 'same', output: '' }] },
      {
        role: 'assistant',
        text: 'part one\n\npart two',
        toolCalls: [{ id: 'same_2', name: 'airline_list_all', input: {} }],
      },
      { role: 'tool', toolResults: [{ toolCallId: 'same_2', output: 'ok' }] },
    ]);
    assert.deepEqual(result.notes, [
      'messages[5]: call id same renamed same_2',
      'messages[7]: user message blank after removing markers, dropped',
    ]);
  });

  it('points at a system file when the system text matches it, and lists the given tools', () => {
    const messages = [{ role: 'system', content: 'Policy.' }, { role: 'user', content: 'hi' }];
    const result = importOpenAiChat({ id: 'x', messages, source: 's', meta: { k: 1 } }, {
      systemFile: { path: 'p.md', text: 'Policy.' },
      tools: ['a'],
    });
    assert.deepEqual(result, {
      ok: true,
      notes: [],
      conversation: {
        id: 'x',
        source: 's',
        systemFile: 'p.md',
        tools: ['a'],
        meta: { k: 1 },
        turns: [{ role: 'user', text: 'hi' }],
      },
    });
  });

  const failures: readonly [string, unknown, RegExp][] = [
    ['messages not a list', { a: 1 }, /^messages: /],
    ['unknown role', [{ role: 'function', content: 'x' }], /messages\[0\]/],
    ['arguments not an object', [{ role: 'user', content: 'q' }, {
      role: 'assistant',
      content: null,
      tool_calls: [call('a', 't', '[1]')],
    }], /arguments of call a are not a JSON object/],
    [
      'result without a call',
      [{ role: 'user', content: 'q' }, { role: 'tool', tool_call_id: 'a', content: 'x' }],
      /answers no open call/,
    ],
    ['call without a result', [{ role: 'user', content: 'q' }, {
      role: 'assistant',
      content: null,
      tool_calls: [call('a', 't', '{}')],
    }], /tool call\(s\) a have no result/],
    ['user before the result', [{ role: 'user', content: 'q' }, {
      role: 'assistant',
      content: null,
      tool_calls: [call('a', 't', '{}')],
    }, { role: 'user', content: 'r' }], /messages\[2\]: tool call\(s\) a have no result/],
    [
      'assistant first',
      [{ role: 'assistant', content: 'Hello' }, { role: 'user', content: 'hi' }],
      /assistant speaks before the user/,
    ],
    ['nothing to replay', [{ role: 'system', content: 'x' }], /no user or assistant messages/],
  ];
  for (const [name, messages, expected] of failures) {
    it(`fails the record when ${name}`, () => {
      const result = importOpenAiChat({ id: 'x', messages });
      assert.equal(result.ok, false);
      if (!result.ok) assert.match(result.reason, expected);
    });
  }

  it('fails a call to a tool outside the given list', () => {
    const messages = [{ role: 'user', content: 'q' }, {
      role: 'assistant',
      content: null,
      tool_calls: [call('a', 'other', '{}')],
    }, { role: 'tool', tool_call_id: 'a', content: 'x' }];
    const result = importOpenAiChat({ id: 'x', messages }, { tools: ['known'] });
    assert.deepEqual(result, { ok: false, reason: 'messages[1]: call to unknown tool other' });
  });
});
