import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { diagnoseCacheMiss, fingerprintText, type PromptFingerprint } from './diagnose-cache-miss.ts';

const previous: PromptFingerprint = {
  at: 0,
  toolsKey: 't',
  systemKey: 's',
  summaryKey: 'm',
  historyKey: 'h',
  firstCheckpointTokens: 2000,
  totalTokens: 2600,
  layers: [],
  ttlMs: 300_000,
};
const current: PromptFingerprint = { ...previous, at: 60_000 };

describe('diagnoseCacheMiss', () => {
  const cases: {
    name: string;
    previous: PromptFingerprint | null;
    current: PromptFingerprint;
    read: number;
    expected: string | null;
  }[] = [
    { name: 'is null when the call read from the cache', previous, current, read: 10, expected: null },
    {
      name: 'names a prefix below the minimum first',
      previous,
      current: { ...current, firstCheckpointTokens: 900 },
      read: 0,
      expected: 'below-minimum',
    },
    { name: 'names the first call', previous: null, current, read: 0, expected: 'first-call' },
    { name: 'names a lapsed TTL', previous, current: { ...current, at: 300_000 }, read: 0, expected: 'ttl-lapsed' },
    {
      name: 'names a changed tool set before later layers',
      previous,
      current: { ...current, toolsKey: 'x', systemKey: 'y' },
      read: 0,
      expected: 'tool-set-changed',
    },
    {
      name: 'names a changed system layer',
      previous,
      current: { ...current, systemKey: 'y' },
      read: 0,
      expected: 'system-layer-changed',
    },
    {
      name: 'names a changed summary',
      previous,
      current: { ...current, summaryKey: 'y', historyKey: 'z' },
      read: 0,
      expected: 'summary-changed',
    },
    {
      name: 'names a moved window',
      previous,
      current: { ...current, historyKey: 'z' },
      read: 0,
      expected: 'window-moved',
    },
    { name: 'says when nothing explains the miss', previous, current, read: 0, expected: 'unexplained' },
  ];
  it('names a tool list changed by a find_tools answer as the recovery, and only when the tools changed', () => {
    const found = { cacheReadInputTokens: 0, minCacheTokens: 1024, toolsChangedBy: 'find-tools' as const };
    assert.equal(diagnoseCacheMiss({ ...found, previous, current: { ...current, toolsKey: 'x' } }), 'tools-found');
    assert.equal(diagnoseCacheMiss({ ...found, previous, current: { ...current, historyKey: 'z' } }), 'window-moved');
  });
  for (const c of cases) {
    it(
      c.name,
      () =>
        assert.equal(
          diagnoseCacheMiss({
            previous: c.previous,
            current: c.current,
            cacheReadInputTokens: c.read,
            minCacheTokens: 1024,
          }),
          c.expected,
        ),
    );
  }
});

describe('fingerprintText', () => {
  it('gives equal keys for equal text and different keys for different text', () => {
    assert.equal(fingerprintText('abc'), fingerprintText('abc'));
    assert.notEqual(fingerprintText('abc'), fingerprintText('abd'));
    assert.match(fingerprintText(''), /^[0-9a-f]{16}$/);
  });
});
