import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FACT_LIST_CAP_SHARE, FACT_LIST_SEPARATOR_TOKENS, planFactList } from './plan-fact-list.ts';
import { FACT_LIST_HEADER, parseFactList } from './render-fact-list.ts';

const said = (seq: number, text: string) => ({
  seq,
  message: { role: 'user' as const, content: [{ type: 'text' as const, text }] },
});

describe('planFactList', () => {
  it('carries the previous list over, counts new mentions, and shows the summariser only the prose', () => {
    const previous = `The user booked a trip.\n\n${FACT_LIST_HEADER}\n- ids: ZFA04Y ×2\n- dates: 2024-05-20`;
    const plan = planFactList({
      previousSummary: { text: previous, coversUpToSeq: 10 },
      fresh: [said(11, 'Change ZFA04Y to HAT002, please.')],
      capTokens: 400,
    });
    assert.equal(plan.previousProse, 'The user booked a trip.');
    assert.deepEqual(
      parseFactList(plan.text, 11).entries.map((entry) => `${entry.kind}:${entry.text}:${entry.mentions}`),
      ['identifier:ZFA04Y:3', 'identifier:HAT002:1', 'date:2024-05-20:1'],
    );
    assert.equal(plan.proseCapTokens, 400 - plan.tokens - FACT_LIST_SEPARATOR_TOKENS);
  });

  it('never gives the list more than its share of the cap, however many facts there are', () => {
    const fresh = Array.from({ length: 60 }, (_, index) => said(index + 1, `Codes AB${index}X${index}, CD${index}Y.`));
    const plan = planFactList({ previousSummary: null, fresh, capTokens: 300 });
    assert.ok(plan.tokens > 0 && plan.tokens <= Math.floor(300 * FACT_LIST_CAP_SHARE));
    assert.ok(plan.text.includes('CD59Y'), 'the most recent facts are kept');
  });

  it('leaves the whole cap to the prose when there is no fact', () => {
    assert.deepEqual(planFactList({ previousSummary: null, fresh: [said(1, 'hello there')], capTokens: 350 }), {
      previousProse: '',
      text: '',
      tokens: 0,
      proseCapTokens: 350,
    });
  });
});
