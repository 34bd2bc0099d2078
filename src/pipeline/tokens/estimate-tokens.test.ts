import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { PromptRequest, ToolDefinition } from '../types/index.ts';
import {
  estimateBlockTokens,
  estimateMessageTokens,
  estimateRequestTokens,
  estimateTextTokens,
  estimateToolTokens,
  TOOL_USE_SYSTEM_TOKENS,
} from './estimate-tokens.ts';

// Our own sample prose (written for this test), about 1,100 characters of plain English.
const PROSE =
  'The airline agent helps travellers book, change and cancel their flights. Before any change to a booking, the ' +
  'agent lists what will happen and asks the traveller to confirm it with a clear yes. A basic economy ticket cannot ' +
  'be changed, but it can be cancelled within twenty-four hours of booking, or when the airline itself cancelled the ' +
  'flight. Travellers may add checked bags at any time; each member of the gold tier gets three free bags, silver ' +
  'members get two, and regular members one. Payment must come from the profile: a credit card, a gift card, or a ' +
  'travel certificate, and at most one certificate may be used for each reservation. When a traveller asks for ' +
  'something the policy does not allow, the agent explains the rule politely and offers the closest alternative, ' +
  'such as a refund to the original payment method or a credit for a future trip. The agent never invents ' +
  'information that the tools or the traveller did not provide, and it transfers the conversation to a human ' +
  'colleague only when the request cannot be handled with the available tools.';

const TOOL: ToolDefinition = {
  name: 'get_weather',
  description: 'Current weather for a city.',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

describe('estimateTextTokens', () => {
  const cases = [
    { name: 'counts the empty string as 0', text: '', expected: 0 },
    { name: 'counts any non-empty text as at least 1', text: ' ', expected: 1 },
    { name: 'counts a short word as one token', text: 'the', expected: 2 },
    { name: 'folds single spaces into words', text: 'the cat sat', expected: 4 },
    { name: 'charges digits in pairs', text: '12345678', expected: 5 },
    { name: 'charges punctuation one token a character', text: '":{"', expected: 4 },
    { name: 'charges CJK one token a character', text: '東京都庁', expected: 4 },
    { name: 'charges Cyrillic half a token a character', text: 'привет', expected: 3 },
    { name: 'charges a newline one token', text: 'a\nb', expected: 3 },
    { name: 'charges a whitespace run 0.8 plus 0.2 a character', text: '\n'.repeat(16), expected: 4 },
  ];
  for (const c of cases) it(c.name, () => assert.equal(estimateTextTokens(c.text), c.expected));

  it('errs high for English prose: chars/4 is about 20% below it', () => {
    const tokens = estimateTextTokens(PROSE);
    const charsPerToken = PROSE.length / tokens;
    assert.ok(charsPerToken >= 2.9 && charsPerToken <= 3.3, `chars/token ${charsPerToken}`);
    assert.ok(PROSE.length / 4 < tokens * 0.85);
  });

  it('counts JSON denser than prose', () => {
    const json = JSON.stringify({
      reservations: [{
        id: 'ZFA04Y',
        origin: 'SFO',
        destination: 'JFK',
        price: 1234,
        passengers: [{ first_name: 'Mia', last_name: 'Li' }],
      }],
    });
    assert.ok(json.length / estimateTextTokens(json) < PROSE.length / estimateTextTokens(PROSE));
  });

  it('handles a megabyte without trouble and scales linearly', () => {
    const unit = 'Text, 123 {"a":[1,2]} \n  東京 ';
    const big = unit.repeat(Math.ceil(1_000_000 / unit.length));
    const small = unit.repeat(1_000);
    const ratio = estimateTextTokens(big) / estimateTextTokens(small);
    assert.ok(Math.abs(ratio - big.length / small.length) / ratio < 0.01);
  });

  it('is deterministic, never negative, 0 only for empty, and never over 8 characters a token', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        const tokens = estimateTextTokens(text);
        assert.equal(tokens, estimateTextTokens(text));
        assert.ok(Number.isInteger(tokens) && tokens >= 0);
        assert.equal(tokens === 0, text.length === 0);
        assert.ok(text.length <= 8 * tokens, `${JSON.stringify(text)} → ${tokens}`);
      }),
      { numRuns: 500 },
    );
  });

  it('never counts a prefix above the whole text', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom('a', 'b', ' ', '  ', '\n', '1', '.', '"', 'é', 'ж', '東', '😀', '\u00a0'),
          maxLength: 60,
        }),
        fc.nat(),
        (text, at) => {
          const end = text.length === 0 ? 0 : at % (text.length + 1);
          assert.ok(estimateTextTokens(text.slice(0, end)) <= estimateTextTokens(text));
        },
      ),
      { numRuns: 1_000 },
    );
  });
});

describe('estimateToolTokens', () => {
  it('counts name, description, schema JSON and framing', () => {
    assert.equal(
      estimateToolTokens(TOOL),
      12 + estimateTextTokens('get_weather') + estimateTextTokens('Current weather for a city.') +
        estimateTextTokens(JSON.stringify(TOOL.inputSchema)),
    );
  });
});

describe('estimateBlockTokens', () => {
  it('counts ids, names, inputs and framing of tool calls and results', () => {
    const id = 'tooluse_kZJMlvQmRJ6eAyJE5GIl7Q';
    assert.equal(
      estimateBlockTokens({ type: 'tool_result', toolUseId: id, text: 'fine', status: 'success' }),
      6 + estimateTextTokens(id) + estimateTextTokens('fine'),
    );
    assert.equal(
      estimateBlockTokens({ type: 'tool_use', id, name: 'get_weather', input: { city: 'Paris' } }),
      8 + estimateTextTokens(id) + estimateTextTokens('get_weather') + estimateTextTokens('{"city":"Paris"}'),
    );
  });
  it('counts text blocks as their text', () =>
    assert.equal(estimateBlockTokens({ type: 'text', text: 'hello there' }), estimateTextTokens('hello there')));
});

describe('estimateMessageTokens', () => {
  it('charges framing plus blocks and ignores cache points', () => {
    const message = {
      role: 'user' as const,
      content: [{ type: 'text' as const, text: 'hello there' }, { type: 'cache_point' as const, ttl: '5m' as const }],
    };
    assert.equal(estimateMessageTokens(message), 4 + estimateTextTokens('hello there'));
  });
});

describe('estimateRequestTokens', () => {
  const base: PromptRequest = {
    modelId: 'm',
    tools: [],
    system: [{ type: 'text', text: 'Be brief.' }],
    messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
    maxTokens: 100,
  };

  it('is the sum of the parts without tools', () => {
    assert.equal(estimateRequestTokens(base), estimateTextTokens('Be brief.') + 4 + estimateTextTokens('hi'));
  });

  it('adds the tool-use system prompt once when any tool is sent', () => {
    const withTools: PromptRequest = {
      ...base,
      tools: [TOOL, { type: 'cache_point', ttl: '5m' }, { ...TOOL, name: 'get_time' }],
    };
    assert.equal(
      estimateRequestTokens(withTools),
      estimateRequestTokens(base) + estimateToolTokens(TOOL) + estimateToolTokens({ ...TOOL, name: 'get_time' }) +
        TOOL_USE_SYSTEM_TOKENS,
    );
  });
});
