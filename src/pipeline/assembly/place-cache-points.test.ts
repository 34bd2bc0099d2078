import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assistantText, tool, userText, words } from '../test-support/conversation-builders.test-support.ts';
import {
  estimateMessageTokens,
  estimateRequestTokens,
  estimateTextTokens,
  estimateToolTokens,
  TOOL_USE_SYSTEM_TOKENS,
} from '../tokens/index.ts';
import { placeCachePoints } from './place-cache-points.ts';
import type { PlaceCachePointsOptions } from './place-cache-points.ts';
import type { CachePoint, PromptRequest } from '../types/index.ts';
import { isCachePoint } from '../types/index.ts';

const big = (name: string) => tool(name, words(400, name));
const small = (name: string) => tool(name);
const messages = [userText(words(200, 'a')), assistantText('b'), userText('c'), assistantText('d'), userText('e')];

function request(parts: Partial<PromptRequest>): PromptRequest {
  return {
    modelId: 'm',
    tools: [],
    system: [{ type: 'text', text: words(50, 'sys') }],
    messages,
    maxTokens: 100,
    ...parts,
  };
}

function options(parts: Partial<PromptRequest>, extra: Partial<PlaceCachePointsOptions> = {}): PlaceCachePointsOptions {
  return {
    request: request(parts),
    standardToolCount: 2,
    facts: { minCacheTokens: 1_024, supportsOneHourTtl: true },
    staticTtl: '1h',
    ...extra,
  };
}

/** Where the points are: 'tools@i' / 'system@i' / 'messages[m]@i', with their TTLs. */
function layout(result: PromptRequest): string[] {
  const found: string[] = [];
  result.tools.forEach((entry, index) => isCachePoint(entry) && found.push(`tools@${index}:${entry.ttl}`));
  result.system.forEach((entry, index) => isCachePoint(entry) && found.push(`system@${index}:${entry.ttl}`));
  result.messages.forEach((message, m) =>
    message.content.forEach((entry, index) => isCachePoint(entry) && found.push(`messages[${m}]@${index}:${entry.ttl}`))
  );
  return found;
}

describe('placeCachePoints', () => {
  const cases: { name: string; options: PlaceCachePointsOptions; layout: string[] }[] = [
    {
      name: 'places four when every prefix reaches the minimum: the stable-history point gives way',
      options: options({ tools: [big('s1'), big('s2'), small('d1')] }),
      layout: ['tools@2:1h', 'tools@4:5m', 'system@1:5m', 'messages[4]@1:5m'],
    },
    {
      name: 'skips the point after standard tools that are below the minimum',
      options: options({ tools: [small('s1'), small('s2'), big('d1'), big('d2'), big('d3')] }),
      layout: ['tools@5:5m', 'system@1:5m', 'messages[2]@1:5m', 'messages[4]@1:5m'],
    },
    {
      name: 'gives the system point 1h when no domain tools precede it',
      options: options({ tools: [big('s1'), big('s2')] }),
      layout: ['system@1:1h', 'messages[2]@1:5m', 'messages[4]@1:5m'],
    },
    {
      name: 'uses 5m everywhere when the model has no 1h TTL',
      options: options({ tools: [big('s1'), big('s2'), small('d1')] }, {
        facts: { minCacheTokens: 1_024, supportsOneHourTtl: false },
      }),
      layout: ['tools@2:5m', 'tools@4:5m', 'system@1:5m', 'messages[4]@1:5m'],
    },
    {
      name: 'uses 5m everywhere when the caller asks for 5m',
      options: options({ tools: [big('s1'), big('s2')] }, { staticTtl: '5m' }),
      layout: ['system@1:5m', 'messages[2]@1:5m', 'messages[4]@1:5m'],
    },
    {
      name: '1h messages (adaptive TTL) make every point 1h, domain tools included, so TTLs never increase',
      options: options({ tools: [big('s1'), big('s2'), small('d1')] }, { staticTtl: '5m', messageTtl: '1h' }),
      layout: ['tools@2:1h', 'tools@4:1h', 'system@1:1h', 'messages[4]@1:1h'],
    },
    {
      name: 'a 1h static TTL covering the sticky domain tools gives their point 1h before 5m messages',
      options: options({ tools: [big('s1'), big('s2'), small('d1')] }, { domainToolsTtl: '1h' }),
      layout: ['tools@2:1h', 'tools@4:1h', 'system@1:1h', 'messages[4]@1:5m'],
    },
    {
      name: '1h messages fall back to 5m on a model without a 1h TTL',
      options: options({ tools: [big('s1'), big('s2'), small('d1')] }, {
        messageTtl: '1h',
        facts: { minCacheTokens: 1_024, supportsOneHourTtl: false },
      }),
      layout: ['tools@2:5m', 'tools@4:5m', 'system@1:5m', 'messages[4]@1:5m'],
    },
    {
      name: 'places nothing below the minimum',
      options: options({ tools: [small('s1')], messages: [userText('hi')] }),
      layout: [],
    },
    {
      name: 'places only the end point when only the whole request reaches the minimum',
      options: options({
        tools: [small('s1'), small('s2')],
        messages: [userText('x'), assistantText('y'), userText(words(600))],
      }),
      layout: ['messages[2]@1:5m'],
    },
    {
      name: 'has no stable-history point for a single message',
      options: options({ tools: [big('s1'), big('s2')], messages: [userText('hi')] }),
      layout: ['system@1:1h', 'messages[0]@1:5m'],
    },
    {
      name: 'replaces cache points already in the request',
      options: options({
        tools: [{ type: 'cache_point', ttl: '5m' } as CachePoint, big('s1'), big('s2'), small('d1')],
        messages: messages.map((message) => ({
          role: message.role,
          content: [...message.content, { type: 'cache_point', ttl: '1h' } as CachePoint],
        })),
      }),
      layout: ['tools@2:1h', 'tools@4:5m', 'system@1:5m', 'messages[4]@1:5m'],
    },
    {
      name: 'places both tool points on a first request (no previous request in the window, so a place is free)',
      options: options({ tools: [big('s1'), big('s2'), small('d1')], messages: [userText(words(200, 'a'))] }),
      layout: ['tools@2:1h', 'tools@4:5m', 'system@1:5m', 'messages[0]@1:5m'],
    },
  ];
  for (const testCase of cases) {
    it(testCase.name, () => {
      const result = placeCachePoints(testCase.options);
      assert.deepEqual(layout(result.request), testCase.layout);
      assert.deepEqual(
        result.placements.map((entry) => entry.ttl),
        testCase.layout.map((entry) => entry.split(':')[1]),
      );
      assert.equal(result.report.length, 5);
      // Only points are added: the estimate of the request is unchanged.
      assert.equal(estimateRequestTokens(result.request), estimateRequestTokens(testCase.options.request));
    });
  }

  it('reports cumulative prefix tokens and why each candidate was skipped', () => {
    const tools = [small('s1'), small('s2'), big('d1')];
    const result = placeCachePoints(options({ tools }));
    const standard = TOOL_USE_SYSTEM_TOKENS + estimateToolTokens(tools[0]!) + estimateToolTokens(tools[1]!);
    const domain = standard + estimateToolTokens(tools[2]!);
    const system = domain + estimateTextTokens(words(50, 'sys'));
    const stable = system + messages.slice(0, 3).reduce((sum, message) => sum + estimateMessageTokens(message), 0);
    assert.deepEqual(
      result.report.map(({ layer, placed, prefixTokens }) => ({ layer, placed, prefixTokens })),
      [
        { layer: 'standard-tools', placed: false, prefixTokens: standard },
        { layer: 'domain-tools', placed: true, prefixTokens: domain },
        { layer: 'system', placed: true, prefixTokens: system },
        { layer: 'stable-history', placed: true, prefixTokens: stable },
        {
          layer: 'request-end',
          placed: true,
          prefixTokens: stable + estimateMessageTokens(messages[3]!) + estimateMessageTokens(messages[4]!),
        },
      ],
    );
    assert.match(result.report[0]!.reason, /< model minimum 1024/u);
  });

  it('lets the stable-history point give way, with the reason, when all five have a place (at most 4)', () => {
    const result = placeCachePoints(options({ tools: [big('s1'), big('s2'), small('d1')] }));
    assert.deepEqual(result.report.map(({ layer, placed }) => [layer, placed]), [
      ['standard-tools', true],
      ['domain-tools', true],
      ['system', true],
      ['stable-history', false],
      ['request-end', true],
    ]);
    assert.match(result.report[3]!.reason, /request-end point reads the previous request up to ~20 blocks back/u);
  });

  it('does not mutate the request', () => {
    const options_ = options({ tools: [big('s1'), big('s2'), small('d1')] });
    const copy = structuredClone(options_.request);
    placeCachePoints(options_);
    assert.deepEqual(options_.request, copy);
  });
  it('compares the model minimum with the corrected prefix when a token ratio was learned', () => {
    const plain = options({ tools: [big('s1'), big('s2'), small('d1')], messages: [userText(words(200, 'a'))] });
    const standard = placeCachePoints(plain).report[0]!;
    assert.equal(standard.placed, true);
    // The tokenizer counts fewer tokens than estimated: the same prefix falls below the minimum once corrected.
    const ratio = (1_024 - 1) / standard.prefixTokens;
    const corrected = placeCachePoints({ ...plain, tokenRatio: ratio });
    assert.equal(corrected.report[0]!.placed, false);
    assert.equal(corrected.report[0]!.prefixTokens, standard.prefixTokens);
    assert.match(corrected.report[0]!.reason, /\(1023 corrected\) < model minimum 1024/u);
    assert.deepEqual(layout(corrected.request), ['tools@3:5m', 'system@1:5m', 'messages[0]@1:5m']);
  });

  it('withholds the named layers with their reason and places the others', () => {
    const result = placeCachePoints(
      options({ tools: [big('s1'), big('s2'), small('d1')] }, {
        withheld: new Map([['domain-tools', 'withheld: wrote 3 times in a row without a read (tool-set-changed)']]),
      }),
    );
    // The stable-history point still gives way: the layout follows the prompt's shape, not what is withheld.
    assert.deepEqual(layout(result.request), ['tools@2:1h', 'system@1:5m', 'messages[4]@1:5m']);
    assert.deepEqual(result.report[1], {
      layer: 'domain-tools',
      placed: false,
      prefixTokens: result.report[1]!.prefixTokens,
      reason: 'withheld: wrote 3 times in a row without a read (tool-set-changed)',
    });
  });
});
