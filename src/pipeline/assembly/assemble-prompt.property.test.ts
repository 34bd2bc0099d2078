// Property tests of the whole pipeline step chain: slideWindow → pinAssets → assemblePrompt on random conversations.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { assemblePrompt } from './assemble-prompt.ts';
import type { AssetPair } from '../assets/index.ts';
import { checkPromptRequest } from './check-prompt-request.ts';
import {
  assistantCalls,
  assistantText,
  tool,
  toolResult,
  toolUse,
  userResults,
  userText,
  words,
} from '../test-support/conversation-builders.test-support.ts';
import { estimateRequestTokens } from '../tokens/index.ts';
import { pinAssets } from '../assets/index.ts';
import type { ContentBlock, Message, PromptRequest, ToolResultBlock, ToolUseBlock } from '../types/index.ts';
import { isCachePoint } from '../types/index.ts';
import { resolveAssetRequest } from '../assets/index.ts';
import { slideWindow } from '../window/index.ts';
import type { WindowMessage } from '../window/index.ts';

const ASSETS = new Map([
  ['ctx_rules', words(300, 'rule')],
  ['entry_prompt_chat', words(500, 'entry')],
]);
const FACTS = [
  { contextWindow: 200_000, minCacheTokens: 1_024, supportsOneHourTtl: true },
  { contextWindow: 200_000, minCacheTokens: 4_096, supportsOneHourTtl: true },
  { contextWindow: 200_000, minCacheTokens: 2_048, supportsOneHourTtl: false },
  { contextWindow: 30_000, minCacheTokens: 1_024, supportsOneHourTtl: false },
];
const STANDARD = [tool('clarify', words(120, 'clarify')), tool('help', words(80, 'help'))];
const DOMAIN = ['query_tasks', 'create_goal', 'update_reading_item', 'delete_file', 'list_files'].map((name) =>
  tool(name, words(60, name))
);

const callArbitrary = fc.record({
  asset: fc.constantFrom(null, null, 'ctx_rules', 'entry_prompt_chat', 'bogus'),
  size: fc.oneof(fc.integer({ min: 1, max: 80 }), fc.integer({ min: 1_000, max: 8_000 })),
  error: fc.boolean(),
});
const turnArbitrary = fc.record({
  userWords: fc.integer({ min: 1, max: 60 }),
  steps: fc.array(fc.array(callArbitrary, { minLength: 1, maxLength: 3 }), { maxLength: 3 }),
  replyWords: fc.integer({ min: 1, max: 40 }),
});
const scenarioArbitrary = fc.record({
  turns: fc.array(turnArbitrary, { minLength: 1, maxLength: 14 }),
  min: fc.integer({ min: 2, max: 10 }),
  extra: fc.integer({ min: 0, max: 8 }),
  maxInputTokens: fc.oneof(fc.integer({ min: 200, max: 3_000 }), fc.integer({ min: 3_000, max: 40_000 })),
  maxTokens: fc.constantFrom(1_024, 4_096),
  toolResultMaxTokens: fc.integer({ min: 30, max: 3_000 }),
  pinTurns: fc.integer({ min: 1, max: 20 }),
  staticTtl: fc.constantFrom('5m' as const, '1h' as const),
  facts: fc.constantFrom(...FACTS),
  domainCount: fc.integer({ min: 0, max: 5 }),
});
type Scenario = typeof scenarioArbitrary extends fc.Arbitrary<infer T> ? T : never;

function strip(request: PromptRequest) {
  return {
    tools: request.tools.filter((entry) => !isCachePoint(entry)),
    system: request.system.filter((entry) => !isCachePoint(entry)),
    messages: request.messages.map((message) => ({
      role: message.role,
      content: message.content.filter((entry): entry is ContentBlock => !isCachePoint(entry)),
    })),
  };
}

/** Independent of checkPromptRequest: user first, alternating, each toolUse answered in the next message and only there. */
function assertWellFormed(messages: readonly Message[]): void {
  assert.equal(messages[0]?.role, 'user');
  messages.forEach((message, index) => {
    if (index > 0) assert.notEqual(message.role, messages[index - 1]?.role);
    const uses = message.content.filter((block): block is ToolUseBlock => block.type === 'tool_use').map((block) =>
      block.id
    );
    const next = messages[index + 1]?.content.filter((block): block is ToolResultBlock =>
      block.type === 'tool_result'
    ).map((block) =>
      block.toolUseId
    ) ?? [];
    if (message.role === 'assistant') {
      assert.deepEqual(
        [...next].sort(),
        [...uses].sort(),
        `tool pair split at message ${index}`,
      );
    }
  });
}

/** Runs one conversation; returns how many assemblies were compared for the cache property. */
function runScenario(scenario: Scenario, mustFit = false): number {
  const history: WindowMessage[] = [];
  let covered = 0;
  let summary: { text: string } | null = null;
  let exposures: AssetPair[] = [];
  let epoch = 0;
  let pinKey = '';
  let previous: { epoch: number; body: ReturnType<typeof strip> } | null = null;
  let compared = 0;
  let turnIndex = 0;
  let window: readonly WindowMessage[] = [];
  const push = (message: Message) => history.push({ seq: history.length + 1, message });
  const call = () => {
    const uncovered = history.filter((entry) => entry.seq > covered);
    const slid = slideWindow({ messages: uncovered, min: scenario.min, max: scenario.min + scenario.extra });
    assert.deepEqual([...slid.evict, ...slid.window], uncovered, 'every message is in the window or evicted');
    window = slid.window;
    if (slid.evict.length > 0) {
      covered = slid.evict[slid.evict.length - 1]!.seq;
      summary = { text: `The conversation so far covers ${covered} messages. ${words(30, 'fact')}.` };
      epoch += 1;
    }
    const pins = pinAssets({
      pairs: exposures,
      window,
      session: { turns: turnIndex, tokens: 0 },
      limits: { maxTurns: scenario.pinTurns },
    }).pinned;
    const key = pins.map((pin) => pin.toolUse.id).join();
    if (key !== pinKey) epoch += 1;
    pinKey = key;
    const input = {
      modelId: 'model',
      facts: scenario.facts,
      system: {
        instructions: words(150, 'instruction'),
        safetyRules: 'Never reveal secrets.',
        assetIds: [...ASSETS.keys()],
      },
      standardTools: STANDARD,
      domainTools: DOMAIN.slice(0, scenario.domainCount),
      summary,
      window,
      pinnedAssets: pins,
      maxTokens: scenario.maxTokens,
      maxInputTokens: scenario.maxInputTokens,
      staticTtl: scenario.staticTtl,
      toolResultMaxTokens: scenario.toolResultMaxTokens,
    };
    const result = assemblePrompt(input);
    assert.equal(JSON.stringify(assemblePrompt(structuredClone(input))), JSON.stringify(result), 'deterministic');
    if (!result.ok) {
      assert.equal(result.reason, 'over-budget', JSON.stringify(result));
      assert.ok(!mustFit, `refused under a generous cap: ${JSON.stringify(result.report)}`);
      previous = null;
      return;
    }
    const tokens = estimateRequestTokens(result.request);
    assert.ok(
      tokens <= scenario.maxInputTokens && tokens + scenario.maxTokens <= scenario.facts.contextWindow,
      `${tokens} over budget`,
    );
    const check = checkPromptRequest(result.request, scenario.facts, { maxInputTokens: scenario.maxInputTokens });
    assert.ok(check.ok, JSON.stringify(check));
    const body = strip(result.request);
    assertWellFormed(body.messages);
    const last = history[history.length - 1]!.message;
    const sent = body.messages[body.messages.length - 1]!.content;
    const blockKey = (
      block: ContentBlock | undefined,
    ) => (block?.type === 'tool_result' ? block.toolUseId : block?.type === 'text' ? block.text : block?.id);
    assert.deepEqual(
      sent.slice(-last.content.length).map(blockKey),
      last.content.map(blockKey),
      'the current step is sent',
    );
    if (result.report.fallbackSteps.length > 0) {
      previous = null;
      return;
    }
    if (previous !== null && previous.epoch === epoch) {
      // The cache property: between evictions the previous request is a byte-identical prefix of this one.
      assert.equal(JSON.stringify(body.tools), JSON.stringify(previous.body.tools));
      assert.equal(JSON.stringify(body.system), JSON.stringify(previous.body.system));
      assert.equal(
        JSON.stringify(body.messages.slice(0, previous.body.messages.length)),
        JSON.stringify(previous.body.messages),
      );
      compared += 1;
    }
    previous = { epoch, body };
  };

  let nextId = 0;
  for (const turn of scenario.turns) {
    push(userText(words(turn.userWords, `u${turnIndex}_`)));
    call();
    for (const step of turn.steps) {
      const uses = step.map((entry) =>
        toolUse(
          `tooluse_${(nextId += 1)}`,
          entry.asset === null ? 'query_tasks' : 'get_asset',
          entry.asset === null ? { q: 'x' } : { id: entry.asset },
        )
      );
      push(assistantCalls(...uses));
      const visible = new Set(
        pinAssets({
          pairs: exposures,
          window,
          session: { turns: turnIndex, tokens: 0 },
          limits: { maxTurns: scenario.pinTurns },
        }).pinned.map((pin) => pin.assetId),
      );
      for (const entry of window) {
        for (const block of entry.message.content) {
          if (block.type === 'tool_use') {
            exposures.filter((e) => e.toolUse.id === block.id).forEach((e) => visible.add(e.assetId));
          }
        }
      }
      const results = step.map((entry, index) => {
        const use = uses[index]!;
        if (entry.asset === null) {
          return toolResult(use.id, words(entry.size, 'out'), entry.error ? 'error' : 'success');
        }
        const resolved = resolveAssetRequest({ assetId: entry.asset, assets: ASSETS, exposedInSession: visible });
        const block = toolResult(use.id, resolved.text, resolved.kind === 'unknown' ? 'error' : 'success');
        if (resolved.kind === 'first') {
          visible.add(entry.asset);
          exposures = [...exposures.filter((e) => e.assetId !== entry.asset), {
            assetId: entry.asset,
            toolUse: use,
            toolResult: block,
          }];
        }
        return block;
      });
      push(userResults(...results));
      call();
    }
    push(assistantText(words(turn.replyWords, `a${turnIndex}_`)));
    turnIndex += 1;
  }
  return compared;
}

describe('assemblePrompt (properties)', () => {
  it('every assembled request is valid, within budget, deterministic, and keeps its prefix between evictions', () => {
    let compared = 0;
    fc.assert(
      fc.property(scenarioArbitrary, (scenario) => {
        compared += runScenario(scenario);
      }),
      { numRuns: 60, seed: 20_261_122 },
    );
    assert.ok(compared > 100, `the cache property was exercised only ${compared} times`);
  });

  it('never refuses when the cap is generous', () => {
    fc.assert(
      fc.property(scenarioArbitrary, (scenario) => {
        const generous = {
          ...scenario,
          maxInputTokens: 150_000,
          facts: FACTS[0]!,
          toolResultMaxTokens: Math.min(scenario.toolResultMaxTokens, 2_000),
        };
        runScenario(generous, true);
      }),
      { numRuns: 15, seed: 7 },
    );
  });
});
