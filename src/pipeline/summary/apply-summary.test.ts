import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ContentBlock, ModelReply, StopReason } from '../types/index.ts';
import type { ApplySummaryResult } from './apply-summary.ts';
import { applySummary } from './apply-summary.ts';
import type { SummarisePlan } from './plan-summary.ts';
import { planSummary } from './plan-summary.ts';
import { checkPromptRequest } from '../assembly/index.ts';
import { estimateTextTokens } from '../tokens/index.ts';
import { measureTokensPerWord, wordsForCap } from './summary-instructions.ts';

const CHEAP = 'us.anthropic.claude-haiku-4-5-20251001-v1:0';
const PLAN = planSummary({
  previousSummary: null,
  evicted: [{ seq: 42, message: { role: 'user', content: [{ type: 'text', text: 'Book HAT001 for me.' }] } }],
  modelId: CHEAP,
  capTokens: 300,
}) as SummarisePlan;
/** The plan's deterministic fact list (HAT001), appended to every stored summary. */
const FACTS = PLAN.facts.text;
const PROSE_CAP = PLAN.facts.proseCapTokens;
const stored = (prose: string): ApplySummaryResult => {
  const text = `${prose}\n\n${FACTS}`;
  return { ok: true, summary: { text, coversUpToSeq: 42, tokens: estimateTextTokens(text) } };
};
/** The prose part of a stored summary. */
const proseOf = (text: string): string => text.slice(0, text.length - FACTS.length).trim();
const USAGE = { inputTokens: 500, outputTokens: 80, cacheReadInputTokens: 0, cacheWriteInputTokens: 0 };

const reply = (text: string, stopReason: StopReason = 'end_turn'): ModelReply => ({
  content: [{ type: 'text', text }],
  stopReason,
  usage: USAGE,
});
const SHORT =
  'The user, Mia Li, asked to book flight HAT001 from JFK to SFO on May 20. The assistant confirmed the price of $230.';
/** About 500 estimated tokens of sentences: over the 300 cap. */
const LONG = Array.from(
  { length: 30 },
  (_, index) => `Fact ${index + 1}: the user chose seat ${index + 1}A on flight HAT001.`,
).join(' ');

const gap = (
  reason: string,
  detail?: string,
): ApplySummaryResult => ({
  ok: false,
  gap: detail === undefined ? { reason, coversUpToSeq: 42 } : { reason, detail, coversUpToSeq: 42 },
} as ApplySummaryResult);

describe('applySummary', () => {
  const cases: readonly { name: string; input: Parameters<typeof applySummary>[0]; expected: ApplySummaryResult }[] = [
    {
      name: 'accepts a summary within the cap',
      input: { plan: PLAN, reply: reply(`  ${SHORT}\n`), attempt: 1 },
      expected: stored(SHORT),
    },
    {
      name: 'joins several text blocks',
      input: {
        plan: PLAN,
        reply: { ...reply('A.'), content: [{ type: 'text', text: 'A.' }, { type: 'text', text: 'B.' }] },
        attempt: 1,
      },
      expected: stored('A.\n\nB.'),
    },
    {
      name: 'drops the unfinished sentence of a max_tokens reply',
      input: { plan: PLAN, reply: reply(`${SHORT} Then the user asked abo`, 'max_tokens'), attempt: 1 },
      expected: stored(SHORT),
    },
    {
      name: 'records a gap when the call failed',
      input: {
        plan: PLAN,
        reply: reply(SHORT),
        error: Object.assign(new Error('Too many tokens'), { name: 'ThrottlingException' }),
        attempt: 1,
      },
      expected: gap('call-failed', 'ThrottlingException'),
    },
    { name: 'records a gap when there is no reply', input: { plan: PLAN, attempt: 1 }, expected: gap('no-reply') },
    {
      name: 'records a gap for a guardrail stop',
      input: { plan: PLAN, reply: reply(SHORT, 'guardrail_intervened'), attempt: 1 },
      expected: gap('bad-stop-reason', 'guardrail_intervened'),
    },
    {
      name: 'records a gap for a content-filtered stop',
      input: { plan: PLAN, reply: reply(SHORT, 'content_filtered'), attempt: 2 },
      expected: gap('bad-stop-reason', 'content_filtered'),
    },
    {
      name: 'records a gap for a tool-use-only reply',
      input: {
        plan: PLAN,
        reply: { content: [{ type: 'tool_use', id: 't', name: 'x', input: {} }], stopReason: 'end_turn', usage: USAGE },
        attempt: 1,
      },
      expected: gap('tool-use-only'),
    },
    {
      name: 'records a gap for an empty reply',
      input: { plan: PLAN, reply: reply('  \n '), attempt: 1 },
      expected: gap('empty'),
    },
    {
      name: 'records a gap for max_tokens with no complete word',
      input: { plan: PLAN, reply: reply('Summar', 'max_tokens'), attempt: 1 },
      expected: gap('empty', 'max_tokens with no complete sentence'),
    },
    {
      name: 'never stores an apology',
      input: { plan: PLAN, reply: reply("Sorry, I can't summarise this conversation."), attempt: 1 },
      expected: gap('error-like-text'),
    },
    {
      name: 'never stores an exception text',
      input: { plan: PLAN, reply: reply('ValidationException: The model returned the following errors'), attempt: 2 },
      expected: gap('error-like-text'),
    },
    {
      name: 'never stores an HTTP error',
      input: { plan: PLAN, reply: reply('503 Service Unavailable'), attempt: 1 },
      expected: gap('error-like-text'),
    },
  ];
  for (const c of cases) it(c.name, () => assert.deepEqual(applySummary(c.input), c.expected));

  it('asks once more for a shorter summary when the first is over the cap', () => {
    const result = applySummary({ plan: PLAN, reply: reply(LONG), attempt: 1 });
    assert.ok(!result.ok && 'retry' in result);
    const retry = result.retry;
    assert.equal(
      checkPromptRequest(retry, { contextWindow: 200_000, minCacheTokens: 4_096, supportsOneHourTtl: true }).ok,
      true,
    );
    assert.deepEqual({
      modelId: retry.modelId,
      tools: retry.tools,
      maxTokens: retry.maxTokens,
      roles: retry.messages.map((m) => m.role),
    }, { modelId: CHEAP, tools: [], maxTokens: PROSE_CAP, roles: ['user'] });
    const stricter = Math.floor(PROSE_CAP * 0.75);
    const body = retry.messages[0]?.content[0] as ContentBlock;
    assert.ok(
      body.type === 'text' && body.text.includes(LONG) &&
        body.text.includes(`at most ${wordsForCap(stricter, measureTokensPerWord(LONG))} words`),
    );
    const system = retry.system[0];
    assert.ok(
      system !== undefined && system.type === 'text' && system.text.includes(`hard limit of ${stricter} tokens`),
    );
  });

  it('cuts a second answer still over the cap at a sentence end', () => {
    const result = applySummary({ plan: PLAN, reply: reply(LONG), attempt: 2 });
    assert.ok(result.ok);
    const { text, tokens, coversUpToSeq } = result.summary;
    const prose = proseOf(text);
    assert.ok(
      LONG.startsWith(prose) && prose.endsWith('.') && text.endsWith(FACTS) && tokens <= 300 &&
        tokens === estimateTextTokens(text) && coversUpToSeq === 42,
    );
    assert.ok(tokens > 250, `keeps most of the cap (${tokens})`);
  });

  it('cuts an over-cap max_tokens reply on attempt 2 after dropping its tail', () => {
    const result = applySummary({ plan: PLAN, reply: reply(`${LONG} And then the`, 'max_tokens'), attempt: 2 });
    assert.ok(result.ok && proseOf(result.summary.text).endsWith('.') && result.summary.tokens <= 300);
  });

  it('records a gap when not even one word fits on attempt 2', () => {
    assert.deepEqual(
      applySummary({ plan: PLAN, reply: reply('x'.repeat(5_000)), attempt: 2 }),
      gap('nothing-fits-cap'),
    );
  });

  it('stores the prose alone when no fact is known', () => {
    const plan = planSummary({
      previousSummary: null,
      evicted: [{ seq: 3, message: { role: 'user', content: [{ type: 'text', text: 'hello there, how are you' }] } }],
      modelId: CHEAP,
      capTokens: 300,
    }) as SummarisePlan;
    assert.deepEqual({ facts: plan.facts, result: applySummary({ plan, reply: reply(SHORT), attempt: 1 }) }, {
      facts: { text: '', tokens: 0, proseCapTokens: 300 },
      result: { ok: true, summary: { text: SHORT, coversUpToSeq: 3, tokens: estimateTextTokens(SHORT) } },
    });
  });

  it('keeps the fact list whole and the total under the cap when the prose fills its share', () => {
    const result = applySummary({ plan: PLAN, reply: reply(LONG), attempt: 2 });
    assert.ok(result.ok);
    assert.deepEqual(
      { endsWithFacts: result.summary.text.endsWith(`\n\n${FACTS}`), underCap: result.summary.tokens <= 300 },
      { endsWithFacts: true, underCap: true },
    );
  });

  it('reports a non-Error failure by its type', () => {
    assert.deepEqual(applySummary({ plan: PLAN, error: 'timeout', attempt: 1 }), gap('call-failed', 'string'));
  });
});
