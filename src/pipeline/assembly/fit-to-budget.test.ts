import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  assistantCalls,
  assistantText,
  numbered,
  tool,
  toolResult,
  toolUse,
  userResults,
  userText,
  words,
} from '../test-support/conversation-builders.test-support.ts';
import { estimateMessageTokens, estimateTextTokens, estimateToolTokens } from '../tokens/index.ts';
import { fitToBudget, OLD_TOOL_RESULT_MAX_TOKENS } from './fit-to-budget.ts';
import type { BudgetLayers, FitToBudgetOptions } from './fit-to-budget.ts';

/** A simple measure: tools + summary + window messages (the real one comes from assemblePrompt). */
function measure(layers: BudgetLayers): number {
  let total = 0;
  for (const entry of layers.domainTools) total += estimateToolTokens(entry);
  if (layers.summary !== null) total += estimateTextTokens(layers.summary.text);
  for (const entry of layers.window) total += estimateMessageTokens(entry.message);
  return total;
}

const domainTools = ['alpha', 'beta', 'gamma'].map((name) => tool(name, words(40, name)));
// Two old turns (one with a big tool result), then the current turn: a tool loop with two steps.
const window = numbered([
  userText(words(30, 'old')),
  assistantCalls(toolUse('a1')),
  userResults(toolResult('a1', words(400, 'big'))),
  assistantText('done'),
  userText(words(30, 'older')),
  assistantText('ok'),
  userText('current question'),
  assistantCalls(toolUse('c1'), toolUse('c2')),
  userResults(toolResult('c1', words(600, 'c1')), toolResult('c2', 'small')),
  assistantCalls(toolUse('c3')),
  userResults(toolResult('c3', words(50, 'c3'))),
]);
const summary = { text: `${words(20, 'first')}. ${words(20, 'second')}. ${words(20, 'third')}.` };
const layers: BudgetLayers = { domainTools, summary, window };

function run(maxInputTokens: number, extra: Partial<FitToBudgetOptions> = {}) {
  return fitToBudget({ layers, maxInputTokens, contextWindow: 200_000, maxTokens: 4_096, measure, ...extra });
}

describe('fitToBudget', () => {
  const full = measure(layers);
  const withoutTools = full - domainTools.reduce((sum, entry) => sum + estimateToolTokens(entry), 0);

  it('changes nothing when the prompt fits', () => {
    assert.deepEqual(run(full), { ok: true, layers, estimatedInputTokens: full, limit: full, steps: [] });
  });

  it('drops domain tools from the lowest-ranked first', () => {
    const result = run(full - 1);
    assert.ok(result.ok, 'expected: result.ok');
    assert.deepEqual(result.steps, [{ step: 'fewer-domain-tools', dropped: 'gamma' }]);
    assert.deepEqual(result.layers.domainTools.map((entry) => entry.name), ['alpha', 'beta']);
  });

  it('never drops the tool that toolChoice names', () => {
    const result = run(withoutTools + estimateToolTokens(domainTools[2]!), { keepToolName: 'gamma' });
    assert.ok(result.ok, 'expected: result.ok');
    assert.deepEqual(result.layers.domainTools.map((entry) => entry.name), ['gamma']);
  });

  it('then drops the oldest safe chunks but never the current turn', () => {
    const result = run(withoutTools - 1);
    assert.ok(result.ok, 'expected: result.ok');
    assert.deepEqual(result.steps.slice(3), [{ step: 'smaller-window', droppedSeqs: [1, 2, 3, 4] }]);
    assert.deepEqual(result.layers.window.map((entry) => entry.seq), [5, 6, 7, 8, 9, 10, 11]);
  });

  it('then truncates tool results before the latest step, then shortens the summary, then refuses', () => {
    const currentTurn = window.slice(6).reduce((sum, entry) => sum + estimateMessageTokens(entry.message), 0);
    const truncated = run(currentTurn + estimateTextTokens(summary.text) - 1);
    assert.ok(truncated.ok, 'expected: truncated.ok');
    assert.deepEqual(truncated.steps.slice(3).map((step) => step.step), [
      'smaller-window',
      'smaller-window',
      'truncate-old-tool-results',
    ]);
    assert.deepEqual(truncated.steps[5], {
      step: 'truncate-old-tool-results',
      count: 1,
      maxTokens: OLD_TOOL_RESULT_MAX_TOKENS,
    });
    const results = truncated.layers.window.flatMap((entry) =>
      entry.message.content.filter((block) => block.type === 'tool_result')
    );
    assert.match(results[0]!.type === 'tool_result' ? results[0]!.text : '', /truncated/u);
    assert.equal(results[2], window[10]!.message.content[0], 'the latest step stays whole');

    const afterTruncation = measure({ ...truncated.layers, summary: null });
    const shorter = run(afterTruncation + estimateTextTokens(`${words(20, 'first')}. ${words(20, 'second')}.`));
    assert.ok(shorter.ok, 'expected: shorter.ok');
    assert.deepEqual(shorter.layers.summary, { text: `${words(20, 'first')}. ${words(20, 'second')}.` });
    assert.equal(shorter.steps[shorter.steps.length - 1]?.step, 'shorter-summary');

    const noSummary = run(afterTruncation);
    assert.ok(noSummary.ok, 'expected: noSummary.ok');
    assert.equal(noSummary.layers.summary, null);

    const refused = run(afterTruncation - 1);
    assert.equal(refused.ok, false);
    assert.ok(
      !refused.ok && refused.reason === 'over-budget' && refused.estimatedInputTokens > refused.limit,
      "expected: !refused.ok && refused.reason === 'over-budget' && refused.estimated",
    );
  });

  it('respects the context window as well as the cap', () => {
    const result = fitToBudget({
      layers,
      maxInputTokens: 1_000_000,
      contextWindow: full + 100,
      maxTokens: 101,
      measure,
    });
    assert.equal(result.limit, full - 1);
    assert.ok(
      result.ok && result.estimatedInputTokens <= full - 1,
      'expected: result.ok && result.estimatedInputTokens <= full - 1',
    );
  });

  it('every ok result is within the limit and keeps the current turn', () => {
    for (let cap = 0; cap <= full + 10; cap += 37) {
      const result = run(cap);
      if (!result.ok) continue;
      assert.ok(
        result.estimatedInputTokens <= cap && measure(result.layers) === result.estimatedInputTokens,
        'expected: result.estimatedInputTokens <= cap && measure(result.layers) === resul',
      );
      assert.deepEqual(result.layers.window.slice(-5).map((entry) => entry.seq), [7, 8, 9, 10, 11]);
    }
  });
});
