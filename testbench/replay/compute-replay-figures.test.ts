import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Usage } from '../../src/pipeline/types/index.ts';
import type { BaselineKind } from './build-baseline-request.ts';
import { computeConversationFigures } from './compute-replay-figures.ts';
import { sumToolCalls } from './count-tool-calls.ts';
import type { CallRecord } from './create-recording-model-caller.ts';
import type { ConversationReplay } from './replay-conversation.ts';
import type { BaselineCallResult } from './run-baselines.ts';

const MAIN = 'us.anthropic.claude-sonnet-4-5-20250929-v1:0';
const CHEAP = 'us.anthropic.claude-haiku-4-5-20251001-v1:0';
const OPTIONS = { mainModelId: MAIN, maxInputTokens: 1_000, ttlMs: 5 * 60_000 };
const MINUTE = 60_000;

function usage(input: number, read: number, write: number, output: number): Usage {
  return { inputTokens: input, cacheReadInputTokens: read, cacheWriteInputTokens: write, outputTokens: output };
}

function call(kind: CallRecord['kind'], at: number, used: Usage, error?: CallRecord['error']): CallRecord {
  return {
    kind,
    modelId: kind === 'main' ? MAIN : CHEAP,
    at,
    usage: used,
    promptTokens: used.inputTokens + used.cacheReadInputTokens + used.cacheWriteInputTokens,
    messages: 3,
    tools: [],
    cachePoints: 2,
    ...(error === undefined ? {} : { error }),
  };
}

function baseline(at: number, prompt: number, read = 0): Readonly<Record<BaselineKind, BaselineCallResult>> {
  const result = (r: number): BaselineCallResult => ({
    at,
    status: 200,
    usage: { ...usage(prompt - r, r, 0, 3), totalTokens: prompt + 3 },
    promptTokens: prompt,
  });
  return { 'naive': result(0), 'naive-cached': result(read), 'window-cached': result(read) };
}

const REPLAY: ConversationReplay = {
  id: 'c',
  conversationId: 'c-1',
  turns: [
    {
      exchange: 0,
      at: 0,
      summaryTokens: 0,
      scriptLeft: 0,
      toolCalls: [
        { name: 'get_user', step: 0, verdict: 'offered', domain: 'people' },
        {
          name: 'search',
          step: 1,
          verdict: 'missed',
          reason: 'no-find-tools',
          selection: 'no-selector-call',
          domain: 'web',
        },
      ],
      calls: [call('selector', 0, usage(100, 0, 0, 10)), {
        ...call('main', 0, usage(0, 0, 800, 50)),
        tools: ['clarify', 'get_user'],
      }, call('main', 1_000, usage(10, 800, 40, 70))],
    },
    // Our service made one call where the recording had two.
    {
      exchange: 1,
      at: 2 * MINUTE,
      summaryTokens: 40,
      scriptLeft: 1,
      toolCalls: [{ name: 'get_user', step: 0, verdict: 'recovered', selection: 'not-shortlisted', domain: 'people' }],
      calls: [call('main', 2 * MINUTE, usage(5, 900, 200, 30)), call('summariser', 2 * MINUTE, usage(300, 0, 0, 40))],
    },
    // 30 minutes later: outside the TTL, so not counted for the cache-read share; and one invalid request.
    {
      exchange: 2,
      at: 32 * MINUTE,
      summaryTokens: 60,
      scriptLeft: 0,
      toolCalls: [],
      calls: [
        call('main', 32 * MINUTE, usage(1_200, 0, 0, 20)),
        call('main', 32 * MINUTE, usage(0, 0, 0, 0), {
          code: 'model_rejected',
          bedrockError: 'ValidationException',
          message: 'bad',
        }),
      ],
      error: { code: 'model_rejected', message: 'bad' },
    },
  ],
  baselineCalls: [
    { exchange: 0, step: 0, results: baseline(0, 900) },
    { exchange: 0, step: 1, results: baseline(1_000, 1_000, 900) },
    { exchange: 1, step: 0, results: baseline(2 * MINUTE, 1_100, 1_000) },
    { exchange: 1, step: 1, results: baseline(2 * MINUTE, 1_200, 1_100) },
    { exchange: 2, step: 0, results: baseline(32 * MINUTE, 1_300) },
  ],
  persisted: {
    turns: { complete: 2, failed: 1, running: 0 },
    messages: 9,
    ledger: {
      main: {
        calls: 0,
        inputTokens: 0,
        outputTokens: 0,
        cacheReadInputTokens: 0,
        cacheWriteInputTokens: 0,
        costUSD: 0,
      },
      selector: {
        calls: 0,
        inputTokens: 0,
        outputTokens: 0,
        cacheReadInputTokens: 0,
        cacheWriteInputTokens: 0,
        costUSD: 0,
      },
      summariser: {
        calls: 0,
        inputTokens: 0,
        outputTokens: 0,
        cacheReadInputTokens: 0,
        cacheWriteInputTokens: 0,
        costUSD: 0,
      },
    },
  },
  unmatchedToolCalls: 0,
  unusedToolOutputs: 0,
};

describe('computeConversationFigures', () => {
  const figures = computeConversationFigures(REPLAY, OPTIONS);

  it('charges every baseline our main calls’ output tokens, paired by index within the exchange', () => {
    assert.equal(figures.misalignedExchanges, 2, 'exchanges 1 and 2 differ in call count');
    for (const side of ['naive', 'naive-cached', 'window-cached'] as const) {
      assert.equal(figures.sides[side].outputTokens, 50 + 70 + 30 + 0 + 20 + 0);
    }
    assert.equal(figures.sides.ours.outputTokens, 10 + 50 + 70 + 30 + 40 + 20);
  });

  it('counts cache reads only for main calls within the TTL of the previous one, and failures apart', () => {
    assert.deepEqual([figures.sides.ours.cacheEligible, figures.sides.ours.cacheHits], [2, 2]);
    assert.deepEqual([figures.sides['naive-cached'].cacheEligible, figures.sides['naive-cached'].cacheHits], [3, 3]);
    assert.deepEqual([figures.sides.naive.cacheEligible, figures.sides.naive.cacheHits], [3, 0]);
    assert.deepEqual([figures.sides.ours.failedCalls, figures.sides.ours.validationErrors], [1, 1]);
    assert.equal(figures.failedTurns, 1);
  });

  it('counts the recorded tool calls by verdict, the misses by domain, and the calls not offered first by selection', () => {
    const notOfferedBySelection = { 'no-selector-call': 1, 'not-shortlisted': 1 };
    assert.deepEqual(figures.toolCalls, {
      recorded: 3,
      offered: 1,
      recovered: 1,
      missed: 1,
      missedByDomain: { web: 1 },
      missedByReason: { 'no-find-tools': 1 },
      notOfferedBySelection,
    });
    assert.deepEqual(sumToolCalls([figures.toolCalls, figures.toolCalls]), {
      recorded: 6,
      offered: 2,
      recovered: 2,
      missed: 2,
      missedByDomain: { web: 2 },
      missedByReason: { 'no-find-tools': 2 },
      notOfferedBySelection: { 'no-selector-call': 2, 'not-shortlisted': 2 },
    });
  });

  it('counts a tool-list change at each successful main call whose list differs from the previous one', () => {
    // Exchange 0: [clarify, get_user] then [] (one change, within the turn); then [] throughout; the failed call is skipped.
    assert.equal(figures.toolListChanges.changes, 1);
    assert.equal(figures.toolListChanges.withinTurn, 1);
    // Sonnet 4.5: the 40 written tokens at $3.75/M instead of a $0.30/M read.
    assert.ok(Math.abs(figures.toolListChanges.costUsd - (40 * (3.75 - 0.3)) / 1e6) < 1e-12);
  });

  it('checks the cap on main calls only and prices cheap calls at the cheap model', () => {
    assert.equal(figures.sides.ours.overCap, 2, 'the 1,040-token and the 1,200-token prompts');
    assert.equal(figures.sides.naive.overCap, 3);
    // Haiku 4.5: $1/M input, $5/M output.
    assert.ok(
      Math.abs(figures.ourKinds.selector.totalUsd - (100 * 1 + 10 * 5) / 1e6) < 1e-12,
      'selector at cheap prices',
    );
    assert.ok(Math.abs(figures.ourKinds.summariser.billedInputUsd - 300 / 1e6) < 1e-12, 'summariser at cheap prices');
    // Sonnet 4.5: 800 written at $3.75/M.
    assert.ok(
      Math.abs(figures.sides.naive.billedInputUsd - (900 + 1_000 + 1_100 + 1_200 + 1_300) * 3 / 1e6) < 1e-12,
      'naive is all uncached input',
    );
  });

  it('gives one chart point per user turn with the largest main prompt and the cost so far', () => {
    assert.deepEqual(figures.points.map((point) => point.promptTokens.ours), [850, 1_105, 1_200]);
    assert.deepEqual(figures.points.map((point) => point.promptTokens.naive), [1_000, 1_200, 1_300]);
    const costs = figures.points.map((point) => point.cumulativeCostUsd.ours);
    assert.ok(costs.every((cost, index) => index === 0 || cost >= (costs[index - 1] ?? 0)), 'cumulative');
    assert.ok(Math.abs((costs.at(-1) ?? 0) - figures.sides.ours.totalUsd) < 1e-12, 'ends at the total');
    assert.equal(figures.maxSummaryTokens, 60);
  });
});
