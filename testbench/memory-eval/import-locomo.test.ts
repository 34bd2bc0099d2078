import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { importLocomo, parseLocomoDate } from './import-locomo.ts';
import { toReplayConversation } from './to-replay-conversation.ts';
import { parseMemoryJsonl } from './memory-format.ts';

/** A LoCoMo-layout sample, shortened: two sessions, a photo turn, an adversarial question, a later-session question. */
const SAMPLE = {
  sample_id: 'conv-x',
  conversation: {
    speaker_a: 'Jon',
    speaker_b: 'Gina',
    session_1_date_time: '4:04 pm on 20 January, 2023',
    session_1: [
      { speaker: 'Gina', dia_id: 'D1:1', text: 'Hey Jon! Lost my job at Door Dash this month.' },
      { speaker: 'Jon', dia_id: 'D1:2', text: 'Sorry! I lost mine as a banker yesterday.' },
      { speaker: 'Jon', dia_id: 'D1:3', text: 'Look at my new studio.', blip_caption: 'a dance studio with mirrors' },
    ],
    session_2_date_time: '2:32 pm on 29 January, 2023',
    session_2: [{ speaker: 'Gina', dia_id: 'D2:1', text: 'How is the studio going?' }],
    session_3_date_time: '1:00 pm on 2 February, 2023',
    session_3: [{ speaker: 'Gina', dia_id: 'D3:1', text: 'Later news.' }],
  },
  qa: [
    { question: 'When did Jon lose his job?', answer: '19 January, 2023', evidence: ['D1:2'], category: 2 },
    { question: 'What year?', answer: 2023, evidence: ['D1:2; D1:3'], category: 3 },
    { question: 'Favourite style?', evidence: ['D1:1'], category: 5, adversarial_answer: 'Contemporary' },
    { question: 'What news?', answer: 'later', evidence: ['D3:1'], category: 1 },
  ],
};

describe('importLocomo', () => {
  it('turns sessions into dated messages and qa items into questions with evidence ids', () => {
    const result = importLocomo([SAMPLE], { maxSessions: 2 });
    assert.deepEqual(result.problems, []);
    assert.deepEqual(result.notes, [
      'conv-x: 1 questions without an answer (adversarial) left out',
      'conv-x: 1 questions whose evidence lies outside the kept sessions left out',
    ]);
    const [conversation] = result.conversations;
    assert.deepEqual(conversation?.messages, [
      {
        id: 'D1:1',
        at: '2023-01-20T16:04:00.000Z',
        role: 'user',
        text: '[4:04 pm on 20 January, 2023] Hey Jon! Lost my job at Door Dash this month.',
      },
      {
        id: 'D1:2',
        at: '2023-01-20T16:04:45.000Z',
        role: 'assistant',
        text: 'Sorry! I lost mine as a banker yesterday.',
      },
      {
        id: 'D1:3',
        at: '2023-01-20T16:05:30.000Z',
        role: 'assistant',
        text: 'Look at my new studio. [shares a photo: a dance studio with mirrors]',
      },
      {
        id: 'D2:1',
        at: '2023-01-29T14:32:00.000Z',
        role: 'user',
        text: '[2:32 pm on 29 January, 2023] How is the studio going?',
      },
    ]);
    assert.deepEqual(conversation?.questions, [
      {
        id: 'conv-x-q1',
        question: 'When did Jon lose his job?',
        answer: '19 January, 2023',
        evidence: ['D1:2'],
        category: '2',
      },
      { id: 'conv-x-q2', question: 'What year?', answer: '2023', evidence: ['D1:2', 'D1:3'], category: '3' },
    ]);
    assert.deepEqual(conversation?.meta, { speakers: { user: 'Gina', assistant: 'Jon' } });
  });

  it('merges one side’s consecutive messages into one turn and maps every id to its exchange', () => {
    const [conversation] = importLocomo(SAMPLE, { maxSessions: 2 }).conversations;
    assert.ok(conversation !== undefined);
    const plan = toReplayConversation(conversation);
    assert.deepEqual(plan.conversation.turns.map((turn) => turn.role), ['user', 'assistant', 'user']);
    assert.deepEqual([...plan.placeOf], [
      ['D1:1', { exchange: 0, role: 'user' }],
      ['D1:2', { exchange: 0, role: 'assistant' }],
      ['D1:3', { exchange: 0, role: 'assistant' }],
      ['D2:1', { exchange: 1, role: 'user' }],
    ]);
    assert.deepEqual([...plan.questionsAfter], [[1, ['conv-x-q1', 'conv-x-q2']]]);
  });

  it('reports unreadable samples and unknown ids without stopping', () => {
    const broken = {
      ...SAMPLE,
      sample_id: 'conv-y',
      conversation: { ...SAMPLE.conversation, session_1_date_time: 'soon' },
    };
    const result = importLocomo([broken, SAMPLE, 'constructor'], { sampleIds: ['conv-y', 'conv-x', 'toString'] });
    assert.deepEqual(result.conversations.map((conversation) => conversation.id), ['conv-x']);
    assert.deepEqual(result.problems, [
      { where: 'conv-y', message: 'session_1: unreadable date "soon"' },
      { where: 'toString', message: 'no such sample' },
    ]);
  });

  it('reads LoCoMo session dates', () => {
    assert.deepEqual(
      ['12:48 am on 1 February, 2023', '12:05 pm on 3 March, 2023', '9:32 am on 8 Feb, 2023'].map(parseLocomoDate),
      [Date.UTC(2023, 1, 1, 0, 48), Date.UTC(2023, 2, 3, 12, 5), undefined],
    );
  });
});

describe('parseMemoryJsonl', () => {
  it('names each broken rule by line and id', () => {
    const message = (id: string, role: string, at = '2024-05-15T20:00:00Z') => ({ id, at, role, text: 'x' });
    const lines = [
      JSON.stringify({ id: 'a', messages: [message('m1', 'assistant')], questions: [] }),
      JSON.stringify({
        id: 'b',
        messages: [message('m1', 'user'), message('m1', 'assistant', '2024-05-15T19:00:00Z')],
        questions: [{ id: 'q', question: 'q?', answer: 'a', evidence: ['m9'], askedAfter: 'm0' }],
      }),
      '{',
      '',
    ];
    assert.deepEqual(parseMemoryJsonl(lines.join('\n')).errors.map((error) => error.line), [1, 2, 3]);
    const second = parseMemoryJsonl(lines[1] ?? '').errors[0]?.message ?? '';
    assert.ok(/used twice/.test(second) && /goes back in time/.test(second) && /"m0" is no message/.test(second));
  });
});
