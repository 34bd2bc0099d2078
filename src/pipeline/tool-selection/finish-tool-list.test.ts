import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { finishToolList } from './finish-tool-list.ts';
import type { ToolListPlan } from './tool-list-plan.ts';

/** A change around `trigger` over a domain ranked with `scores` (the trigger first), nothing in use. */
function changeOver(scores: readonly (readonly [string, number])[]): ToolListPlan {
  const [trigger = ''] = scores.map(([name]) => name);
  return {
    kind: 'change',
    reason: 'first-request',
    trigger: { name: trigger, words: 1, nameWords: 1, rareWords: 0, phrase: false, valueWords: 0, rareNameTerms: [] },
    selection: { kind: 'local', selected: [], reason: 'test' },
    ranking: scores.map(([name, score]) => ({ name, score })),
    domainSize: scores.length,
    followers: [],
    partners: new Map(),
    previous: [],
    calledTools: [],
  };
}

const picks = {
  selected: ['pick_a', 'pick_b', 'pick_c'],
  source: 'model' as const,
  dropped: [],
};

describe('finishToolList', () => {
  it("puts the ranking's next two tools of the domain ahead of the cheap model's picks when each leads the next", () => {
    const plan = changeOver([
      ['cd', 3.1],
      ['mkdir', 2.4],
      ['cp', 1.9],
      ['pick_a', 0.9],
      ['pick_b', 0.8],
      ['pick_c', 0.7],
    ]);
    assert.deepEqual(finishToolList(plan, picks, { minTools: 3, maxTools: 5 }), [
      'cd',
      'mkdir',
      'cp',
      'pick_a',
      'pick_b',
    ]);
  });

  it('leaves the second place to the picks when the third tool barely leads the fourth (a near-tie of providers)', () => {
    // "I need to find a hotel" over three providers: 1.56 / 1.55 / 1.54 tell them apart by chance only.
    const plan = changeOver([
      ['hotels_2_search_house', 1.6],
      ['hotels_1_search_hotel', 1.56],
      ['hotels_3_search_hotel', 1.55],
      ['hotels_2_book_house', 1.54],
      ['pick_a', 0.9],
      ['pick_b', 0.8],
      ['pick_c', 0.7],
    ]);
    const list = finishToolList(plan, picks, { minTools: 3, maxTools: 5 });
    assert.deepEqual(list.slice(0, 2), ['hotels_2_search_house', 'hotels_1_search_hotel']);
    assert.deepEqual(list.slice(2), picks.selected);
  });

  it('takes no runner-up from a tie', () => {
    const plan = changeOver([['set_alarm', 2], ['snooze', 0.6], ['list_timers', 0.6], ['pick_a', 0.5]]);
    const list = finishToolList(plan, picks, { minTools: 3, maxTools: 5 });
    assert.deepEqual(list.slice(0, 4), ['set_alarm', ...picks.selected]);
  });
});
