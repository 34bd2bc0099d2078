// The estimator: Claude-like density for prose, denser for JSON, digits and non-Latin text; deterministic.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { countBlockTokens, countTextTokens, countToolSpecTokens, MESSAGE_OVERHEAD } from './count-tokens.ts';
import { countInputTokens } from './build-prefix.ts';
import { lookupModelFacts } from './model-table.ts';
import { parseConverseInput } from './parse-converse-input.ts';

const PROSE =
  'Prompt caching lets a client reuse the long, unchanging beginning of a request. The model reads the cached prefix ' +
  'at a tenth of the normal price, so a conversation that keeps its tools and system prompt stable pays far less for ' +
  'every turn after the first one. When the history grows, the checkpoint moves forward with it.';

describe('countTextTokens', () => {
  it('gives English prose 3.3 to 3.8 characters a token', () => {
    const ratio = PROSE.length / countTextTokens(PROSE);
    assert.ok(ratio >= 3.3 && ratio <= 3.8, `ratio ${ratio}`);
  });

  it('charges JSON, digits and non-Latin text more per character than prose', () => {
    const json = JSON.stringify({ city: 'Paris', days: [1, 2, 3], units: { temperature: 'celsius' } });
    const digits = '3141592653589793238462643383279502884197';
    const japanese = 'プロンプトキャッシュはリクエストの先頭部分を再利用します';
    const prose = PROSE.length / countTextTokens(PROSE);
    for (const text of [json, digits, japanese]) assert.ok(text.length / countTextTokens(text) < prose, text);
  });

  it('is 0 only for the empty string and the same for the same text', () => {
    assert.equal(countTextTokens(''), 0);
    assert.equal(countTextTokens(' '), 1);
    assert.equal(countTextTokens(PROSE), countTextTokens(`${PROSE}`));
    assert.deepEqual(['a', 'abcd', 'abcde', '123', '1234', '{}', '😀'].map(countTextTokens), [1, 1, 2, 1, 2, 2, 2]);
  });
});

describe('countInputTokens', () => {
  it('adds tools (with the tool-use system overhead once), system and messages', () => {
    const body = {
      toolConfig: {
        tools: [{ toolSpec: { name: 'a', description: 'A tool', inputSchema: { json: { type: 'object' } } } }, {
          cachePoint: { type: 'default' },
        }],
      },
      system: [{ text: 'Be brief.' }],
      messages: [{ role: 'user', content: [{ text: 'Hello there' }] }],
    };
    const parsed = parseConverseInput(body);
    assert.ok(parsed.ok, 'parsed.ok');
    const facts = lookupModelFacts('anthropic.claude-sonnet-4-5-20250929-v1:0');
    const expected = facts.toolUseSystemTokens + countToolSpecTokens(body.toolConfig.tools[0]?.toolSpec) +
      countTextTokens('Be brief.') + MESSAGE_OVERHEAD + countBlockTokens({ text: 'Hello there' });
    assert.equal(countInputTokens(parsed.input, facts), expected);
  });

  it('charges the tool-use system overhead once however many tools there are', () => {
    const facts = lookupModelFacts('anthropic.claude-sonnet-4-5-20250929-v1:0');
    const spec = (name: string) => ({ toolSpec: { name, inputSchema: { json: { type: 'object' } } } });
    const parsed = parseConverseInput({
      toolConfig: { tools: [spec('a'), spec('b')] },
      messages: [{ role: 'user', content: [{ text: 'x' }] }],
    });
    assert.ok(parsed.ok, 'parses');
    const tools = countToolSpecTokens(spec('a').toolSpec) + countToolSpecTokens(spec('b').toolSpec);
    assert.equal(countInputTokens(parsed.input, facts), facts.toolUseSystemTokens + tools + MESSAGE_OVERHEAD + 1);
  });

  it('ignores key order in tool schemas and toolUse inputs', () => {
    assert.equal(
      countBlockTokens({ toolUse: { toolUseId: 't', name: 'n', input: { b: 1, a: 'x' } } }),
      countBlockTokens({ toolUse: { name: 'n', input: { a: 'x', b: 1 }, toolUseId: 't' } }),
    );
  });
});
