import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { importDialogues } from './import-dialogues.ts';

const OPTIONS = { idPrefix: 'd', startAt: Date.parse('2024-05-15T20:00:00.000Z') };
const roleAndText = (turns: readonly { role: string; text?: string }[]) => turns.map((turn) => [turn.role, turn.text]);

describe('importDialogues', () => {
  it('reads text dialogues: blank lines separate them, continuation lines and same-side lines merge, # id names them', () => {
    const text = [
      '# a comment',
      '# id: first',
      'User: Hello',
      'Assistant: Hi there.',
      'How can I help?',
      'Assistant: Ask away.',
      '',
      '',
      'human: Second: dialogue',
      'BOT: Sure.',
      '',
    ].join('\n');
    const result = importDialogues(text, OPTIONS);
    assert.deepEqual(result.problems, []);
    assert.deepEqual(result.conversations.map((c) => c.id), ['first', 'd-2']);
    assert.deepEqual(roleAndText(result.conversations[0]?.turns ?? []), [['user', 'Hello'], [
      'assistant',
      'Hi there.\nHow can I help?\nAsk away.',
    ]]);
    assert.deepEqual(roleAndText(result.conversations[1]?.turns ?? []), [['user', 'Second: dialogue'], [
      'assistant',
      'Sure.',
    ]]);
  });

  it('reads the JSON form, one dialogue or a list of them', () => {
    const one = [{ speaker: 'User', text: 'a' }, { speaker: 'Assistant', text: 'b' }];
    assert.equal(importDialogues(JSON.stringify(one), OPTIONS).conversations.length, 1);
    const result = importDialogues(JSON.stringify([one, one]), OPTIONS);
    assert.deepEqual(result.conversations.map((c) => c.id), ['d-1', 'd-2']);
    assert.deepEqual(roleAndText(result.conversations[1]?.turns ?? []), [['user', 'a'], ['assistant', 'b']]);
  });

  it('times each dialogue and never goes back in time across the file', () => {
    const result = importDialogues('User: a\nAssistant: b\nUser: c\n\nUser: d\nAssistant: e', OPTIONS);
    const times = result.conversations.flatMap((c) => c.turns.map((turn) => Date.parse(turn.at)));
    assert.equal(times[0], OPTIONS.startAt);
    assert.deepEqual(times, [...times].sort((x, y) => x - y));
    assert.equal(new Set(times).size, times.length);
  });

  const good = [{ speaker: 'User', text: 'fine' }, { speaker: 'Assistant', text: 'good' }];
  const bad: readonly [string, string, RegExp][] = [
    [
      'a dialogue opened by the assistant',
      'Assistant: Welcome!\nUser: hi\n\nUser: fine\nAssistant: good',
      /starts with the assistant/,
    ],
    [
      'a line with no speaker',
      'Hello there\nUser: hi\n\nUser: fine\nAssistant: good',
      /line 1 does not start with "User:" or "Assistant:"/,
    ],
    [
      'an unknown JSON speaker',
      JSON.stringify([[{ speaker: 'narrator', text: 'x' }], good]),
      /unknown speaker "narrator"/,
    ],
    ['a malformed JSON entry', JSON.stringify([[{ who: 'user' }], good]), /expected an array of/],
  ];
  for (const [name, text, expected] of bad) {
    it(`reports ${name} and keeps the other dialogues`, () => {
      const result = importDialogues(text, OPTIONS);
      assert.equal(result.problems.length, 1);
      assert.match(result.problems[0]?.message ?? '', expected);
      assert.equal(result.conversations.length, 1);
    });
  }

  it('reports broken JSON as one problem', () => {
    const result = importDialogues('[{"speaker":', OPTIONS);
    assert.deepEqual(result.conversations, []);
    assert.match(result.problems[0]?.message ?? '', /invalid JSON/);
  });
});
