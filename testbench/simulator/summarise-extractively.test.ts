// The simulator's summariser answers the pipeline's real summary requests with sentences it was given, under the limit.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { toConverseInput } from '../../src/bedrock/to-converse-input.ts';
import { applySummary, planSummary, type SummarisePlan } from '../../src/pipeline/summary/index.ts';
import type { ConverseInput } from './types.ts';
import { generateReply } from './generate-reply.ts';
import { parseConverseInput } from './parse-converse-input.ts';
import { isSummaryRequest, summariseExtractively } from './summarise-extractively.ts';

const CHEAP = 'us.anthropic.claude-haiku-4-5-20251001-v1:0';
const said = (seq: number, role: 'user' | 'assistant', text: string) => ({
  seq,
  message: { role, content: [{ type: 'text' as const, text }] },
});
const EVICTED = [
  said(21, 'user', 'Hi there. My booking code is ZFA04Y and I fly on 2024-05-20.'),
  said(22, 'assistant', 'Thanks. I see the booking. It is a nice day.'),
  said(23, 'user', 'I prefer an aisle seat. I will pay the $40 fee by card.'),
];

function wire(plan: SummarisePlan | { request: SummarisePlan['request'] }): ConverseInput {
  const parsed = parseConverseInput(JSON.parse(JSON.stringify(toConverseInput(plan.request))));
  assert.ok(parsed.ok);
  return parsed.input;
}

describe('summariseExtractively', () => {
  const plan = planSummary({
    previousSummary: { text: 'user (#3): My name is Mia Li. The weather was mild.', coversUpToSeq: 20 },
    evicted: EVICTED,
    modelId: CHEAP,
    capTokens: 300,
  }) as SummarisePlan;

  it('copies the sentences of the previous summary and the transcript in order, leaving small talk out', () => {
    const summary = summariseExtractively(wire(plan)) ?? '';
    assert.deepEqual(summary.split('\n'), [
      'user (#3): My name is Mia Li.',
      'The weather was mild.',
      'user (#21): My booking code is ZFA04Y and I fly on 2024-05-20.',
      'assistant (#22): I see the booking.',
      'user (#23): I prefer an aisle seat.',
      'user (#23): I will pay the $40 fee by card.',
    ]);
    assert.ok(summary.includes('ZFA04Y') && summary.includes('Mia Li') && summary.includes('$40'));
    assert.ok(!summary.includes('Kept facts'), 'the fact list is the pipeline’s to append');
  });

  it('keeps the word limit it was asked for, dropping the least informative sentences first', () => {
    const tight = wire({
      request: {
        ...plan.request,
        messages: [{
          role: 'user',
          content: [{
            type: 'text',
            text: (plan.request.messages[0]?.content[0] as { text: string }).text.replace(
              /at most \d+ words/,
              'at most 12 words',
            ),
          }],
        }],
      },
    });
    const summary = summariseExtractively(tight) ?? '';
    assert.ok(summary.split(/\s+/).length <= 12, summary);
    assert.deepEqual(summary, 'user (#21): My booking code is ZFA04Y and I fly on 2024-05-20.');
  });

  it('answers through generateReply and its answer becomes a stored summary with the fact list', () => {
    const reply = generateReply({ input: wire(plan), item: undefined, seed: 's', maxTokens: 450 });
    const text = String(reply.content[0]?.['text']);
    assert.equal(reply.stopReason, 'end_turn');
    const applied = applySummary({
      plan,
      reply: {
        content: [{ type: 'text', text }],
        stopReason: 'end_turn',
        usage: { inputTokens: 1, outputTokens: 1, cacheReadInputTokens: 0, cacheWriteInputTokens: 0 },
      },
      attempt: 1,
    });
    assert.ok(applied.ok, JSON.stringify(applied));
    assert.ok(applied.summary.text.startsWith(text) && applied.summary.text.includes('- ids: ZFA04Y'));
  });

  it('leaves every other request to the filler', () => {
    const chat: ConverseInput = {
      messages: [{ role: 'user', content: [{ text: 'Write at most 10 words about <previous_summary>.' }] }],
      system: [],
      tools: [],
      hasToolConfig: false,
      toolChoice: undefined,
      maxTokens: 100,
      temperature: undefined,
    };
    assert.deepEqual([isSummaryRequest(chat), summariseExtractively(chat)], [false, undefined]);
  });
});
