import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isAppError } from '../../errors.ts';
import type { ModelReply } from '../types/index.ts';
import type { RankedTool } from '../tool-search/index.ts';
import { applyToolSelection } from './apply-tool-selection.ts';
import { planToolSelection, SELECT_TOOLS_NAME, SELECTOR_SYSTEM_TEXT } from './select-tools.ts';
import type { ToolSelectionPlan } from './tool-selection-plan.ts';
import { shortlistTools } from './shortlist-tools.ts';
import type { ToolSpec } from '../tool-catalogue/index.ts';

const MODEL = 'us.anthropic.claude-haiku-4-5-20251001-v1:0';
const ranking = (...scores: number[]): RankedTool[] => scores.map((score, i) => ({ name: `t${i}`, score }));
/** Twelve tools with no clear gap anywhere. */
const FLAT = ranking(1.5, 1.45, 1.4, 1.35, 1.3, 1.25, 1.2, 1.15, 1.1, 1.05, 1.0, 0.95);
const catalogue: ToolSpec[] = FLAT.map(({ name }) => ({
  name,
  description: `Does ${name}. More detail here.`,
  inputSchema: { type: 'object', properties: { a: {}, b: {} } },
  tags: ['x'],
}));
const reply = (input: unknown): ModelReply => ({
  content: [{ type: 'tool_use', id: 'tu_1', name: SELECT_TOOLS_NAME, input: { tools: input } }],
  stopReason: 'tool_use',
  usage: { inputTokens: 10, outputTokens: 5, cacheReadInputTokens: 0, cacheWriteInputTokens: 0 },
});

describe('planToolSelection', () => {
  const cases: [string, Parameters<typeof planToolSelection>[0], { kind: string; selected?: string[] }][] = [
    ['skips the call on a clear gap within min..max', {
      ranking: ranking(1.5, 1.4, 1.3, 1.2, 0.4, 0.3),
      query: 'q',
      modelId: MODEL,
    }, { kind: 'local', selected: ['t0', 't1', 't2', 't3'] }],
    ['ignores a gap before minTools', {
      ranking: ranking(1.5, 0.5, 0.45, 0.44, 0.43, 0.42, 0.41),
      query: 'q',
      modelId: MODEL,
    }, { kind: 'ask' }],
    ['goes local when there are too few candidates', { ranking: ranking(1, 0.9), query: 'q', modelId: MODEL }, {
      kind: 'local',
      selected: ['t0', 't1'],
    }],
    ['goes local with nothing when nothing matches', { ranking: [], query: 'q', modelId: MODEL }, {
      kind: 'local',
      selected: [],
    }],
  ];
  for (const [what, input, expected] of cases) {
    it(what, () => {
      const plan = planToolSelection(input);
      assert.equal(plan.kind, expected.kind);
      if (expected.selected !== undefined && plan.kind !== 'ask') assert.deepEqual(plan.selected, expected.selected);
    });
  }

  it('asks with a forced select_tools call whose enum is the shortlist, and a fixed system text', () => {
    const plan = planToolSelection({
      ranking: FLAT,
      query: 'Move the report',
      recentUserTurns: ['old', 'list files'],
      modelId: MODEL,
      catalogue,
    });
    assert.equal(plan.kind, 'ask');
    if (plan.kind !== 'ask') return;
    assert.deepEqual(plan.shortlist, shortlistTools(FLAT));
    assert.deepEqual(plan.fallback, ['t0', 't1', 't2', 't3', 't4']);
    assert.deepEqual(plan.request.toolChoice, { type: 'tool', name: SELECT_TOOLS_NAME });
    assert.deepEqual(plan.request.system, [{ type: 'text', text: SELECTOR_SYSTEM_TEXT }]);
    assert.deepEqual(plan.request.tools, [{
      name: SELECT_TOOLS_NAME,
      description: 'Record the tools needed for the latest user message.',
      inputSchema: {
        type: 'object',
        properties: {
          tools: { type: 'array', items: { type: 'string', enum: plan.shortlist }, minItems: 3, maxItems: 5 },
        },
        required: ['tools'],
      },
    }]);
    const text = plan.request.messages[0]?.content[0];
    assert.ok(text?.type === 'text');
    assert.equal(
      text.text.split('\n').slice(0, 8).join('\n'),
      [
        'Earlier user messages:',
        '- old',
        '- list files',
        '',
        'Latest user message: Move the report',
        '',
        'Candidate tools (choose 3-5):',
        '- t0(a, b): Does t0.',
      ].join('\n'),
    );
  });

  it('gives the same request for the same input', () => {
    const input = { ranking: FLAT, query: 'q', modelId: MODEL, catalogue };
    assert.equal(JSON.stringify(planToolSelection(input)), JSON.stringify(planToolSelection(input)));
  });

  for (const [minTools, maxTools] of [[0, 5], [4, 3], [2.5, 5]] as const) {
    it(`rejects minTools ${minTools} with maxTools ${maxTools}`, () => {
      assert.throws(
        () => planToolSelection({ ranking: FLAT, query: 'q', modelId: MODEL, minTools, maxTools }),
        (error: unknown) => isAppError(error, 'config_invalid'),
      );
    });
  }
});

describe('applyToolSelection', () => {
  const plan = planToolSelection({ ranking: FLAT, query: 'q', modelId: MODEL });
  const cases: [string, Parameters<typeof applyToolSelection>[0], ReturnType<typeof applyToolSelection>][] = [
    ['takes the model’s valid picks in its order', { plan, reply: reply(['t3', 't1', 't0']) }, {
      selected: ['t3', 't1', 't0'],
      source: 'model',
      dropped: [],
    }],
    ['drops unknown names and non-strings, removes duplicates, fills to minTools from the ranking', {
      plan,
      reply: reply(['t3', 'nope', 't3', 7]),
    }, { selected: ['t3', 't0', 't1'], source: 'model', dropped: ['nope', '7'] }],
    ['cuts to maxTools and reports the rest as dropped', { plan, reply: reply(['t0', 't1', 't2', 't3', 't4', 't5']) }, {
      selected: ['t0', 't1', 't2', 't3', 't4'],
      source: 'model',
      dropped: ['t5'],
    }],
    ['falls back on an error', { plan, error: new Error('timeout') }, {
      selected: ['t0', 't1', 't2', 't3', 't4'],
      source: 'fallback',
      dropped: [],
    }],
    ['falls back on no reply', { plan }, { selected: ['t0', 't1', 't2', 't3', 't4'], source: 'fallback', dropped: [] }],
    ['falls back on an empty answer', { plan, reply: reply([]) }, {
      selected: ['t0', 't1', 't2', 't3', 't4'],
      source: 'fallback',
      dropped: [],
    }],
    ['falls back when tools is not an array', { plan, reply: reply('t1') }, {
      selected: ['t0', 't1', 't2', 't3', 't4'],
      source: 'fallback',
      dropped: [],
    }],
    ['falls back on a text-only reply', { plan, reply: { ...reply([]), content: [{ type: 'text', text: 't1' }] } }, {
      selected: ['t0', 't1', 't2', 't3', 't4'],
      source: 'fallback',
      dropped: [],
    }],
    ['falls back when every name is invalid', { plan, reply: reply(['x']) }, {
      selected: ['t0', 't1', 't2', 't3', 't4'],
      source: 'fallback',
      dropped: ['x'],
    }],
    ['ignores a reply when there was an error', { plan, reply: reply(['t9']), error: 'aborted' }, {
      selected: ['t0', 't1', 't2', 't3', 't4'],
      source: 'fallback',
      dropped: [],
    }],
  ];
  for (const [what, input, expected] of cases) it(what, () => assert.deepEqual(applyToolSelection(input), expected));

  it('echoes plans that needed no call', () => {
    const local: ToolSelectionPlan = { kind: 'local', selected: ['a'], reason: 'r' };
    const keep: ToolSelectionPlan = { kind: 'keep', selected: ['b'], reason: 'r' };
    assert.deepEqual(applyToolSelection({ plan: local }), { selected: ['a'], source: 'local', dropped: [] });
    assert.deepEqual(applyToolSelection({ plan: keep, error: new Error('x') }), {
      selected: ['b'],
      source: 'keep',
      dropped: [],
    });
  });
});

describe('shortlistTools', () => {
  const cases: [string, RankedTool[], string[]][] = [
    ['keeps tools near the best, at least 5', ranking(2, 1.9, 0.1, 0.1, 0.1, 0.1, 0.1), ['t0', 't1', 't2', 't3', 't4']],
    ['stops at 15', ranking(...Array.from({ length: 20 }, () => 1)), Array.from({ length: 15 }, (_, i) => `t${i}`)],
    ['stops where scores fall under the ratio', ranking(2, 1.9, 1.8, 1.7, 1.6, 1.5, 1.4, 0.5), [
      't0',
      't1',
      't2',
      't3',
      't4',
      't5',
      't6',
    ]],
    ['returns what there is', ranking(1, 0.5), ['t0', 't1']],
  ];
  for (const [what, input, expected] of cases) it(what, () => assert.deepEqual(shortlistTools(input), expected));
});
