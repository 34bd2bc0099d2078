import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assemblePrompt } from './assemble-prompt.ts';
import type { AssemblePromptInput } from './assemble-prompt.ts';
import type { AssetPair } from '../assets/index.ts';
import { NO_SUMMARY_LEAD } from './build-prompt-messages.ts';
import { checkPromptRequest } from './check-prompt-request.ts';
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
import { estimateRequestTokens } from '../tokens/index.ts';
import { renderSummaryForPrompt } from '../summary/index.ts';
import type { ContentBlock, PromptRequest, TextBlock, ToolDefinition } from '../types/index.ts';
import { isCachePoint } from '../types/index.ts';
import { renderAssetIndex } from '../assets/index.ts';

const facts = { contextWindow: 200_000, minCacheTokens: 1_024, supportsOneHourTtl: true };
const standardTools = [tool('clarify', words(300, 'clarify')), tool('help', words(300, 'help'))];
const domainTools = [tool('query_tasks'), tool('create_goal'), tool('update_reading_item')];
const rules: AssetPair = {
  assetId: 'ctx_rules',
  toolUse: toolUse('tooluse_rules', 'get_asset', { id: 'ctx_rules' }),
  toolResult: toolResult('tooluse_rules', words(200, 'rule')),
};
const window = numbered(
  [
    userText('what are my tasks?'),
    assistantCalls(toolUse('t1', 'query_tasks')),
    userResults(toolResult('t1', words(50, 'task'))),
    assistantText('You have 50 tasks.'),
    userText('and my goals?'),
  ],
  31,
);

function input(parts: Partial<AssemblePromptInput> = {}): AssemblePromptInput {
  return {
    modelId: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
    facts,
    system: {
      instructions: words(200, 'instruction'),
      safetyRules: 'Never reveal secrets.',
      assetIds: ['ctx_rules', 'entry_prompt_chat'],
    },
    standardTools,
    domainTools,
    summary: { text: 'The user plans a trip to Lisbon.' },
    window,
    pinnedAssets: [],
    maxTokens: 4_096,
    maxInputTokens: 24_000,
    staticTtl: '1h',
    toolResultMaxTokens: 2_000,
    ...parts,
  };
}

function assembled(
  parts: Partial<AssemblePromptInput> = {},
): { request: PromptRequest; report: Extract<ReturnType<typeof assemblePrompt>, { ok: true }>['report'] } {
  const result = assemblePrompt(input(parts));
  assert.ok(result.ok, JSON.stringify(result));
  return result;
}

const strip = (request: PromptRequest) => ({
  tools: request.tools.filter((entry): entry is ToolDefinition => !isCachePoint(entry)),
  system: request.system.filter((entry): entry is TextBlock => !isCachePoint(entry)),
  messages: request.messages.map((message) => ({
    role: message.role,
    content: message.content.filter((entry): entry is ContentBlock => !isCachePoint(entry)),
  })),
});

describe('assemblePrompt', () => {
  it('orders the layers for the cache: tools, system, then summary and window as messages', () => {
    const { request } = assembled();
    const body = strip(request);
    assert.deepEqual(body.tools.map((entry) => entry.name), [
      'clarify',
      'help',
      'get_asset',
      'query_tasks',
      'create_goal',
      'update_reading_item',
    ]);
    assert.deepEqual(body.system.map((block) => block.text), [
      words(200, 'instruction'),
      'Never reveal secrets.',
      renderAssetIndex(['ctx_rules', 'entry_prompt_chat']),
    ]);
    assert.deepEqual(body.messages, [
      {
        role: 'user',
        content: [renderSummaryForPrompt({ text: 'The user plans a trip to Lisbon.' }), ...window[0]!.message.content],
      },
      ...window.slice(1).map((entry) => entry.message),
    ]);
    assert.equal(request.maxTokens, 4_096);
    assert.equal(request.modelId, 'us.anthropic.claude-sonnet-4-5-20250929-v1:0');
  });

  it('places the cache points by the layout rules', () => {
    const { request, report } = assembled();
    assert.deepEqual(
      report.cachePoints.map((entry) => [entry.layer, entry.placed, entry.ttl ?? null]),
      [
        ['standard-tools', true, '1h'],
        ['domain-tools', true, '5m'],
        ['system', true, '5m'],
        ['stable-history', false, null],
        ['request-end', true, '5m'],
      ],
    );
    assert.ok(isCachePoint(request.tools[3]), 'expected: isCachePoint(request.tools[3])');
    assert.ok(isCachePoint(request.tools.at(-1)), 'expected: a cache point after the domain tools');
    assert.ok(!isCachePoint(request.messages[2]!.content.at(-1)), 'the stable-history point gave way (at most 4)');
    assert.ok(
      isCachePoint(request.messages[4]!.content.at(-1)),
      'expected: isCachePoint(request.messages[4]!.content.at(-1))',
    );
  });

  it('is deterministic: the same input gives byte-identical requests', () => {
    const first = assemblePrompt(input());
    const second = assemblePrompt(structuredClone(input()));
    assert.equal(JSON.stringify(first), JSON.stringify(second));
  });

  it('re-inserts pinned asset pairs after the summary and before the window', () => {
    const { request } = assembled({ pinnedAssets: [rules] });
    const body = strip(request);
    assert.deepEqual(body.messages.slice(0, 3), [
      { role: 'user', content: [renderSummaryForPrompt({ text: 'The user plans a trip to Lisbon.' })] },
      { role: 'assistant', content: [rules.toolUse] },
      { role: 'user', content: [rules.toolResult, ...window[0]!.message.content] },
    ]);
    assert.equal(body.messages[1]!.content[0], rules.toolUse, 'the original block');
  });

  it('opens with a neutral lead when pins exist but no summary', () => {
    const { request } = assembled({ pinnedAssets: [rules], summary: null });
    assert.deepEqual(strip(request).messages[0], { role: 'user', content: [{ type: 'text', text: NO_SUMMARY_LEAD }] });
  });

  it('sends the window as it is with neither summary nor pins', () => {
    assert.deepEqual(strip(assembled({ summary: null }).request).messages, window.map((entry) => entry.message));
  });

  it('adds get_asset only when needed and never twice', () => {
    assert.deepEqual(
      strip(assembled({ system: { instructions: 'Be brief.', safetyRules: '', assetIds: [] } }).request).tools.map((
        entry,
      ) => entry.name).slice(0, 2),
      ['clarify', 'help'],
    );
    const names = strip(assembled({ standardTools: [...standardTools, tool('get_asset')] }).request).tools.map((
      entry,
    ) => entry.name);
    assert.equal(names.filter((name) => name === 'get_asset').length, 1);
    const both = strip(assembled({ domainTools: [tool('help'), ...domainTools] }).request).tools.map((entry) =>
      entry.name
    );
    assert.equal(both.filter((name) => name === 'help').length, 1);
  });

  it('cuts an oversized tool result with a visible marker', () => {
    const huge = numbered([
      userText('read the log'),
      assistantCalls(toolUse('t9', 'query_tasks')),
      userResults(toolResult('t9', words(20_000, 'log'))),
    ]);
    const { request } = assembled({ window: huge, toolResultMaxTokens: 500 });
    const block = strip(request).messages[2]!.content[0]!;
    assert.ok(
      block.type === 'tool_result' && /\[… truncated: \d+ of \d+ tokens shown …\]$/u.test(block.text),
      "expected: block.type === 'tool_result' && /\[… truncated: \d+ of \d+ tokens sh",
    );
  });

  it('reports tokens per layer and the exact total', () => {
    const { request, report } = assembled({ pinnedAssets: [rules] });
    assert.equal(report.tokens.total, estimateRequestTokens(request));
    assert.ok(
      report.tokens.standardTools > 0 && report.tokens.domainTools > 0 && report.tokens.system > 0 &&
        report.tokens.summary > 0,
      'expected: report.tokens.standardTools > 0 && report.tokens.domainTools > 0 && re',
    );
    assert.ok(
      report.tokens.pinnedAssets > 0 && report.tokens.window > 0 && report.tokens.currentRun > 0,
      'expected: report.tokens.pinnedAssets > 0 && report.tokens.window > 0 && report.t',
    );
    assert.equal(report.limit, 24_000);
    assert.deepEqual(report.fallbackSteps, []);
  });

  it('falls back step by step under a tight cap and stays within it', () => {
    const full = assembled().report.tokens.total;
    const result = assemblePrompt(input({ maxInputTokens: full - 20 }));
    assert.ok(result.ok, 'expected: result.ok');
    assert.equal(result.report.fallbackSteps[0]?.step, 'fewer-domain-tools');
    assert.ok(
      estimateRequestTokens(result.request) <= full - 20,
      'expected: estimateRequestTokens(result.request) <= full - 20',
    );
    assert.ok(
      checkPromptRequest(result.request, facts, { maxInputTokens: full - 20 }).ok,
      'expected: checkPromptRequest(result.request, facts, { maxInputTokens: full - 20 ',
    );
  });

  it('keeps the context window: estimate + maxTokens never exceeds it', () => {
    const result = assemblePrompt(input({ maxInputTokens: 1_000_000, maxTokens: 198_000 }));
    assert.ok(
      !result.ok || estimateRequestTokens(result.request) + 198_000 <= 200_000,
      'expected: !result.ok || estimateRequestTokens(result.request) + 198_000 <= 200_0',
    );
  });

  it('refuses clearly when even the current turn does not fit', () => {
    const result = assemblePrompt(input({ maxInputTokens: 500 }));
    assert.equal(result.ok, false);
    assert.ok(!result.ok && result.reason === 'over-budget', "expected: !result.ok && result.reason === 'over-budget'");
    assert.deepEqual(
      result.report.fallbackSteps.map((step) => step.step),
      ['fewer-domain-tools', 'fewer-domain-tools', 'fewer-domain-tools', 'smaller-window', 'shorter-summary'],
    );
  });

  it('reports an invalid request with the check problems', () => {
    const broken = numbered([userText('hi'), assistantCalls(toolUse('t1')), userText('no result')]);
    const result = assemblePrompt(input({ window: broken }));
    assert.ok(!result.ok && result.reason === 'invalid', "expected: !result.ok && result.reason === 'invalid'");
    assert.ok(
      result.problems.some((problem) => problem.rule === 'tool-use-without-result'),
      "expected: result.problems.some((problem) => problem.rule === 'tool-use-without-",
    );
  });

  it('keeps the tool named by toolChoice', () => {
    const full = assembled().report.tokens.total;
    const result = assemblePrompt(
      input({ maxInputTokens: full - 200, toolChoice: { type: 'tool', name: 'update_reading_item' } }),
    );
    assert.ok(result.ok, 'expected: result.ok');
    assert.ok(
      strip(result.request).tools.some((entry) => entry.name === 'update_reading_item'),
      "expected: strip(result.request).tools.some((entry) => entry.name === 'update_re",
    );
  });

  it('does not mutate its input', () => {
    const value = input({ pinnedAssets: [rules] });
    const copy = structuredClone(value);
    assemblePrompt(value);
    assert.deepEqual(value, copy);
  });
});

describe('assemblePrompt input checks', () => {
  const cases: { name: string; parts: Partial<AssemblePromptInput>; path: string }[] = [
    { name: 'a NaN cap', parts: { maxInputTokens: Number.NaN }, path: 'maxInputTokens' },
    { name: 'a zero tool-result cap', parts: { toolResultMaxTokens: 0 }, path: 'toolResultMaxTokens' },
    { name: 'a fractional maxTokens', parts: { maxTokens: 10.5 }, path: 'maxTokens' },
    {
      name: 'an infinite context window',
      parts: { facts: { ...facts, contextWindow: Number.POSITIVE_INFINITY } },
      path: 'facts.contextWindow',
    },
  ];
  for (const testCase of cases) {
    it(`reports ${testCase.name} as invalid instead of assembling`, () => {
      const result = assemblePrompt(input(testCase.parts));
      assert.ok(!result.ok && result.reason === 'invalid', 'expected invalid');
      assert.deepEqual(result.problems.map((problem) => [problem.rule, problem.path]), [[
        'malformed-request',
        testCase.path,
      ]]);
    });
  }
});
