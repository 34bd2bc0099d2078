import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { estimateTextTokens } from '../tokens/index.ts';
import type { FactEntry } from './update-fact-list.ts';
import { FACT_LIST_HEADER, parseFactList, renderFactList } from './render-fact-list.ts';

const fact = (kind: FactEntry['kind'], text: string, mentions = 1, lastSeq = 1): FactEntry => ({
  kind,
  text,
  key: text.toLowerCase(),
  mentions,
  lastSeq,
});

describe('renderFactList', () => {
  it('lists by kind, in priority order within a kind, with mention counts', () => {
    const ranked = [
      fact('date', '8 May 2023', 3),
      fact('identifier', 'HAT001', 2),
      fact('preference', 'user: I prefer aisle seats'),
      fact('identifier', 'ZFA04Y'),
    ];
    assert.equal(
      renderFactList(ranked, 400).text,
      `${FACT_LIST_HEADER}\n- ids: HAT001 ×2; ZFA04Y\n- dates: 8 May 2023 ×3\n- preferences: user: I prefer aisle seats`,
    );
  });

  it('keeps the highest-priority entries that fit the budget and skips a long one for shorter ones', () => {
    const ranked = [
      fact('identifier', 'AAA111'),
      fact('commitment', `user: I will ${'really '.repeat(40)}do it`),
      fact('identifier', 'BBB222'),
      ...Array.from({ length: 200 }, (_, index) => fact('identifier', `LOW${index}X`)),
    ];
    const rendered = renderFactList(ranked, 40);
    assert.ok(rendered.tokens <= 40 && rendered.tokens === estimateTextTokens(rendered.text));
    assert.deepEqual(rendered.kept.slice(0, 2).map((entry) => entry.text), ['AAA111', 'BBB222']);
    assert.ok(!rendered.text.includes('really'));
    assert.ok(rendered.kept.length < 20);
  });

  it('renders nothing for nothing, or when nothing fits', () => {
    assert.deepEqual(renderFactList([], 100), { text: '', tokens: 0, kept: [] });
    assert.deepEqual(renderFactList([fact('identifier', 'HAT001')], 3), { text: '', tokens: 0, kept: [] });
  });

  it('replaces list separators inside a fact so the list reads back the same', () => {
    const rendered = renderFactList([fact('commitment', 'user: I will pay; then leave\nsoon')], 100);
    assert.deepEqual(parseFactList(`Prose.\n\n${rendered.text}`, 9).entries.map((entry) => entry.text), [
      'user: I will pay, then leave,soon',
    ]);
  });
});

describe('parseFactList', () => {
  it('reads back what renderFactList wrote, with counts, and ranks by list order', () => {
    const ranked = [fact('identifier', 'HAT001', 2), fact('date', '8 May 2023'), fact('name', 'Mia Li', 4)];
    const summary = `The user booked a flight.\n\n${renderFactList(ranked, 400).text}`;
    assert.deepEqual(parseFactList(summary, 50), {
      prose: 'The user booked a flight.',
      entries: [
        { kind: 'identifier', text: 'HAT001', key: 'hat001', mentions: 2, lastSeq: 50 },
        { kind: 'date', text: '8 May 2023', key: '8 may 2023', mentions: 1, lastSeq: 49 },
        { kind: 'name', text: 'Mia Li', key: 'mia li', mentions: 4, lastSeq: 48 },
      ],
    });
  });

  it('treats a summary without the header as prose and skips lines it does not know', () => {
    assert.deepEqual(parseFactList('  Just prose.  ', 3), { prose: 'Just prose.', entries: [] });
    assert.deepEqual(
      parseFactList(`P.\n${FACT_LIST_HEADER}\n- constructor: x\n- __proto__: y\nnoise\n- ids: A1B2`, 3).entries.map((
        entry,
      ) => entry.text),
      ['A1B2'],
    );
  });
});
