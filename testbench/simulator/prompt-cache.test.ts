// Prompt caching end to end through simulator.fetch: writes, reads, minimums, TTLs on the simulated clock, lookback.
import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import { createSimulator } from './create-simulator.ts';
import { createPromptCache, TTL_MS } from './prompt-cache.ts';
import { CACHE_1H, CACHE_5M, call, HAIKU_35, prose, SONNET_4, SONNET_45, toolSpec, userText } from './test-helpers.ts';

const simulator = createSimulator();
const SYSTEM = [{ text: prose(1000) }, CACHE_5M];

type Usage = {
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
  cacheReadInputTokens: number;
  cacheWriteInputTokens: number;
  cacheDetails?: unknown;
};

async function usageOf(body: Record<string, unknown>, modelId = SONNET_45): Promise<Usage> {
  const answer = await call(simulator, body, { modelId });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body['usage'] as Usage;
}

async function countOf(body: Record<string, unknown>): Promise<number> {
  const { messages, system, toolConfig } = body;
  return (await call(simulator, { input: { converse: { messages, system, toolConfig } } }, {
    operation: 'count-tokens',
  })).body['inputTokens'] as number;
}

/** `turns` user/assistant pairs, then `question <turns>` with a checkpoint: history(n + 1) extends history(n) by two messages. */
function history(turns: number) {
  const messages: unknown[] = [];
  for (let turn = 0; turn < turns; turn++) {
    messages.push(userText(`question ${turn}`), { role: 'assistant', content: [{ text: `answer ${turn}` }] });
  }
  messages.push({ role: 'user', content: [{ text: `question ${turns}` }, CACHE_5M] });
  return messages;
}

describe('prompt cache', () => {
  beforeEach(() => simulator.reset());

  it('writes at the checkpoint, then reads it; input + read + write always equals the counted tokens', async () => {
    const body = { system: SYSTEM, messages: [userText('What is caching?')], inferenceConfig: { maxTokens: 20 } };
    const total = await countOf(body);
    const first = await usageOf(body);
    const second = await usageOf(body);
    assert.ok(first.cacheWriteInputTokens >= 1024, 'first.cacheWriteInputTokens >= 1024');
    assert.equal(first.cacheReadInputTokens, 0);
    assert.deepEqual(first.cacheDetails, [{ ttl: '5m', inputTokens: first.cacheWriteInputTokens }]);
    assert.equal(first.inputTokens + first.cacheWriteInputTokens, total);
    // 'What is caching?' = 1 + 1 + 2 + 1 tokens, plus 4 for the message.
    assert.equal(first.inputTokens, 5 + 4);
    assert.deepEqual({ ...second, outputTokens: 0, totalTokens: 0 }, {
      inputTokens: first.inputTokens,
      outputTokens: 0,
      totalTokens: 0,
      cacheReadInputTokens: first.cacheWriteInputTokens,
      cacheWriteInputTokens: 0,
    });
    assert.equal(second.totalTokens, total + second.outputTokens);
  });

  it('caches nothing and fails nothing below the model minimum', async () => {
    const body = { system: [{ text: prose(300) }, CACHE_5M], messages: [userText('hi')] };
    const first = await usageOf(body);
    const second = await usageOf(body);
    assert.equal(first.cacheWriteInputTokens + second.cacheReadInputTokens + second.cacheWriteInputTokens, 0);
    assert.equal(simulator.cache.size, 0);
  });

  it('applies each model minimum: 3.5 Haiku needs 2,048 tokens where Sonnet 4 needs 1,024', async () => {
    const body = { system: [{ text: prose(1000) }, CACHE_5M], messages: [userText('hi')] };
    const sonnet = await usageOf(body, SONNET_4);
    const haiku = await usageOf(body, HAIKU_35);
    assert.ok(
      sonnet.cacheWriteInputTokens > 1024 && sonnet.cacheWriteInputTokens < 2048,
      'sonnet.cacheWriteInputTokens > 1024 && sonnet.cacheWriteInputTokens < 2048',
    );
    assert.equal(haiku.cacheWriteInputTokens, 0);
  });

  it('keeps entries per model', async () => {
    const body = { system: SYSTEM, messages: [userText('hi')] };
    await usageOf(body, SONNET_45);
    assert.equal((await usageOf(body, SONNET_4)).cacheReadInputTokens, 0);
  });

  it('expires a 5m entry after five minutes without a hit, and a hit resets the expiry', async () => {
    const body = { system: SYSTEM, messages: [userText('hi')] };
    const write = (await usageOf(body)).cacheWriteInputTokens;
    simulator.clock.advance(TTL_MS['5m'] - 1);
    assert.equal((await usageOf(body)).cacheReadInputTokens, write);
    simulator.clock.advance(TTL_MS['5m'] - 1);
    assert.equal((await usageOf(body)).cacheReadInputTokens, write, 'the hit above reset the expiry');
    simulator.clock.advance(TTL_MS['5m']);
    const expired = await usageOf(body);
    assert.equal(expired.cacheReadInputTokens, 0);
    assert.equal(expired.cacheWriteInputTokens, write);
  });

  it('keeps a 1h entry for an hour', async () => {
    const body = { system: [{ text: prose(1000) }, CACHE_1H], messages: [userText('hi')] };
    const first = await usageOf(body);
    assert.deepEqual(first.cacheDetails, [{ ttl: '1h', inputTokens: first.cacheWriteInputTokens }]);
    simulator.clock.advance(59 * 60_000);
    assert.equal((await usageOf(body)).cacheReadInputTokens, first.cacheWriteInputTokens);
    simulator.clock.advance(TTL_MS['1h']);
    assert.equal((await usageOf(body)).cacheReadInputTokens, 0);
  });

  it('reports written tokens per TTL when 1h and 5m checkpoints are mixed', async () => {
    const body = {
      system: [{ text: prose(1000) }, CACHE_1H],
      messages: [{ role: 'user', content: [{ text: prose(800, 'x') }, CACHE_5M] }],
    };
    const usage = await usageOf(body);
    const details = usage.cacheDetails as { ttl: string; inputTokens: number }[];
    assert.deepEqual(details.map((detail) => detail.ttl), ['1h', '5m']);
    assert.equal((details[0]?.inputTokens ?? 0) + (details[1]?.inputTokens ?? 0), usage.cacheWriteInputTokens);
    assert.equal(usage.inputTokens, 0);
  });

  it('invalidates the system checkpoint when the tool list before it changes', async () => {
    const withTools = (names: string[]) => ({
      toolConfig: { tools: names.map((name) => toolSpec(name)) },
      system: SYSTEM,
      messages: [userText('hi')],
    });
    const first = await usageOf(withTools(['search']));
    assert.equal((await usageOf(withTools(['search']))).cacheReadInputTokens, first.cacheWriteInputTokens);
    const changed = await usageOf(withTools(['search', 'weather']));
    assert.equal(changed.cacheReadInputTokens, 0);
    assert.ok(
      changed.cacheWriteInputTokens > first.cacheWriteInputTokens,
      'changed.cacheWriteInputTokens > first.cacheWriteInputTokens',
    );
  });

  it('invalidates message checkpoints but not the system one when toolChoice changes', async () => {
    const body = (choice: unknown) => ({
      toolConfig: { tools: [toolSpec('search')], toolChoice: choice },
      system: SYSTEM,
      messages: [{ role: 'user', content: [{ text: prose(200) }, CACHE_5M] }],
    });
    const first = await usageOf(body({ auto: {} }));
    const changed = await usageOf(body({ any: {} }));
    assert.ok(
      changed.cacheReadInputTokens > 0 && changed.cacheReadInputTokens < first.cacheWriteInputTokens,
      'changed.cacheReadInputTokens > 0 && changed.cacheReadInputTokens < first.cacheWriteInputTokens',
    );
    assert.equal(changed.cacheReadInputTokens + changed.cacheWriteInputTokens, first.cacheWriteInputTokens);
  });

  it('reads the previous turn entry when a checkpoint at the end of the history moved by two messages (lookback)', async () => {
    const before = await usageOf({ system: [{ text: prose(1000) }], messages: history(3) });
    const after = await usageOf({ system: [{ text: prose(1000) }], messages: history(4) });
    assert.equal(after.cacheReadInputTokens, before.cacheWriteInputTokens);
    assert.ok(after.cacheWriteInputTokens > 0, 'after.cacheWriteInputTokens > 0');
  });

  it('finds an entry exactly 20 blocks back but not 21', async () => {
    /** The first message (cached alone), then `pairs` assistant/user pairs and `tail` more blocks, checkpoint at the end. */
    const messages = (pairs: number, tail: number) => {
      const list: { role: string; content: unknown[] }[] = [{ role: 'user', content: [{ text: prose(1000) }] }];
      for (let pair = 0; pair < pairs; pair++) {
        list.push({ role: 'assistant', content: [{ text: `a${pair}` }] }, {
          role: 'user',
          content: [{ text: `u${pair}` }],
        });
      }
      const last = list[list.length - 1];
      last?.content.push(...Array.from({ length: tail }, (_, index) => ({ text: `t${index}` })), CACHE_5M);
      return list;
    };
    await usageOf({ messages: messages(0, 0) });
    // 9 pairs = 18 blocks, plus 2 tail blocks = 20 blocks past the cached boundary.
    assert.ok(
      (await usageOf({ messages: messages(9, 2) })).cacheReadInputTokens > 0,
      '(await usageOf({ messages: messages(9, 2) })).cacheReadInputTokens > 0',
    );
    simulator.cache.clear();
    await usageOf({ messages: messages(0, 0) });
    assert.equal((await usageOf({ messages: messages(9, 3) })).cacheReadInputTokens, 0);
  });
});

describe('createPromptCache', () => {
  it('keeps at most maxEntries, dropping the least recently used', () => {
    const cache = createPromptCache({ maxEntries: 2 });
    const prefix = (hash: string) => ({
      blocks: [{ tokens: 2000, hash, location: 'system.0' }],
      checkpoints: [{ boundary: 1, cumulativeTokens: 2000, ttl: '5m' as const, location: 'system.1' }],
      totalTokens: 2000,
    });
    for (const hash of ['a', 'b', 'c']) {
      cache.apply({ modelId: 'm', prefix: prefix(hash), minimumTokens: 1024, now: 0 });
    }
    assert.deepEqual(cache.entries().map((entry) => entry.hash), ['b', 'c']);
  });
});
