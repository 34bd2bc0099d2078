import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_CHEAP_MODEL_ID, DEFAULT_MODEL_ID } from '../../src/config/models.ts';
import { createChatService } from '../../src/turn/create-chat-service.ts';
import { DEFAULT_TURN_SETTINGS } from '../../src/turn/turn-dependencies.ts';
import {
  compareTtlPolicies,
  type PolicyFigures,
  renderTtlTable,
  savingPercent,
  sumTtlComparisons,
  type TtlComparison,
} from './compare-ttl-policies.ts';
import { rangeProfile } from './gap-profiles.ts';
import { createWeatherConversation, WEATHER_TOOLS } from './replay-fixtures.test-support.ts';

const SETTINGS = { ...DEFAULT_TURN_SETTINGS, mainModelId: DEFAULT_MODEL_ID, cheapModelId: DEFAULT_CHEAP_MODEL_ID };

describe('compareTtlPolicies', () => {
  it('replays the sessions under each policy; with 30-50 minute gaps 1 h beats 5 min and adaptive follows', async () => {
    const conversation = createWeatherConversation();
    const comparison = await compareTtlPolicies({
      sessions: [conversation],
      profile: rangeProfile('desk', 'every 30-50 minutes', 30 * 60_000, 50 * 60_000),
      manifests: [{ label: 'weather', json: WEATHER_TOOLS }],
      settings: SETTINGS,
      createService: createChatService,
    });
    const { policies } = comparison;
    assert.equal(comparison.userTurns, 4);
    assert.deepEqual(comparison.gaps, { within5m: 0, within1h: 1, beyond1h: 0 });
    assert.deepEqual([policies['5m'].failedTurns, policies['1h'].failedTurns, policies.adaptive.failedTurns], [
      0,
      0,
      0,
    ]);
    assert.ok(policies['1h'].billedInputUsd < policies['5m'].billedInputUsd, JSON.stringify(policies));
    assert.ok(policies.adaptive.billedInputUsd < policies['5m'].billedInputUsd, JSON.stringify(policies));
    // The first turn has no gap to go by (5 min); every later one has seen only 30-50 minute gaps.
    assert.equal(policies.adaptive.staticTtl1h, 3);
    const table = renderTtlTable([{ ...comparison, half: 'A' }]);
    assert.match(table, /\| desk \| A \| 1 \/ 4 \| 0% \/ 100% \/ 0% \|/);
    assert.ok(
      table.includes(`${savingPercent(policies.adaptive.billedInputUsd, policies['5m'].billedInputUsd).toFixed(1)}%`),
      table,
    );
  });
});

describe('sumTtlComparisons', () => {
  const figures = (billedInputUsd: number, staticTtl1h: number): PolicyFigures => ({
    billedInputUsd,
    cacheReadInputTokens: 1_000,
    cacheWriteInputTokens: 100,
    failedTurns: 0,
    messageTtl1h: 0,
    staticTtl1h,
  });
  const row = (
    profile: string,
    userTurns: number,
    within1h: number,
    costs: [number, number, number],
  ): TtlComparison => ({
    profile,
    sessions: 1,
    userTurns,
    gaps: { within5m: 1 - within1h, within1h, beyond1h: 0 },
    policies: { '5m': figures(costs[0], 0), '1h': figures(costs[1], 0), adaptive: figures(costs[2], userTurns) },
  });

  it('adds costs and counts and weighs the gap shares by user turns', () => {
    const sum = sumTtlComparisons([row('chat', 30, 0, [1, 1.4, 1]), row('desk', 10, 1, [2, 1.5, 1.45])], 'everyone');
    assert.equal(sum.profile, 'everyone');
    assert.deepEqual([sum.sessions, sum.userTurns], [2, 40]);
    assert.equal(sum.gaps.within1h, 0.25);
    assert.deepEqual(
      [sum.policies['5m'].billedInputUsd, sum.policies['1h'].billedInputUsd, sum.policies.adaptive.billedInputUsd],
      [3, 2.9, 2.45],
    );
    assert.equal(sum.policies.adaptive.staticTtl1h, 40);
    assert.equal(sum.policies['5m'].cacheReadInputTokens, 2_000);
  });
});
