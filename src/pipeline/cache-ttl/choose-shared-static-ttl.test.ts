import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { lookupModelFacts } from '../../config/models.ts';
import { chooseSharedStaticTtl } from './choose-shared-static-ttl.ts';
import { measureGaps } from './measure-gaps.ts';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const SONNET = lookupModelFacts('us.anthropic.claude-sonnet-4-5-20250929-v1:0');
const base = { prices: SONNET.pricePerMillion, supportsOneHourTtl: true };

/** Turn start times (ISO) of conversations that follow one another: `turns` a minute apart, then `between` idle. */
function deploymentTurns(conversations: number, turns: number, between: number): { times: string[]; now: number } {
  const times: string[] = [];
  let at = Date.UTC(2026, 10, 2, 9);
  for (let conversation = 0; conversation < conversations; conversation += 1) {
    for (let turn = 0; turn < turns; turn += 1) {
      times.push(new Date(at).toISOString());
      at += turn === turns - 1 ? between : MINUTE;
    }
  }
  return { times, now: at };
}

describe('chooseSharedStaticTtl', () => {
  it('keeps 5 minutes before the deployment has served any turn (only the gap assumed beyond the hour)', () => {
    const choice = chooseSharedStaticTtl({ ...base, gapsMs: [] });
    assert.equal(choice.ttl, '5m');
    assert.equal(choice.shares.observed, 0);
    assert.match(choice.reason, /^0 gaps between the deployment's turns, 0% of those over 5m end within the hour/);
  });

  it('chooses 1 hour when conversations of a few turns come 20 minutes apart', () => {
    const { times, now } = deploymentTurns(4, 6, 20 * MINUTE);
    const choice = chooseSharedStaticTtl({ ...base, gapsMs: measureGaps(times, now) });
    assert.equal(choice.ttl, '1h');
    // The last 20 gaps hold four of 20 minutes (the last one up to now) and one assumed beyond the hour: 80% > 39.5%.
    assert.match(choice.reason, /^20 gaps between the deployment's turns, 80% of those over 5m end within the hour/);
  });

  it('keeps 5 minutes under steady traffic: a turn of some conversation every 30 seconds renews the entry', () => {
    const { times, now } = deploymentTurns(1, 40, 30 * SECOND);
    assert.equal(chooseSharedStaticTtl({ ...base, gapsMs: measureGaps(times, now) }).ttl, '5m');
  });

  it('keeps 5 minutes when the deployment is idle for hours between its conversations', () => {
    const { times, now } = deploymentTurns(5, 4, 3 * HOUR);
    assert.equal(chooseSharedStaticTtl({ ...base, gapsMs: measureGaps(times, now) }).ttl, '5m');
  });

  it('turns at the static break-even: 1 hour once the gaps within the hour pass 39.5% of those over 5 minutes', () => {
    const mixed = (
      long: number,
    ) => [...Array(3).fill(20 * MINUTE), ...Array(long).fill(3 * HOUR), ...Array(10).fill(SECOND)];
    // 3 / (3 + 4 + 1 assumed) = 37.5% → 5m; 3 / (3 + 3 + 1) = 42.9% → 1h.
    assert.equal(chooseSharedStaticTtl({ ...base, gapsMs: mixed(4) }).ttl, '5m');
    assert.equal(chooseSharedStaticTtl({ ...base, gapsMs: mixed(3) }).ttl, '1h');
  });

  it('keeps 5 minutes for a model without a 1-hour cache, whatever the gaps', () => {
    const { times, now } = deploymentTurns(4, 6, 20 * MINUTE);
    const choice = chooseSharedStaticTtl({ ...base, supportsOneHourTtl: false, gapsMs: measureGaps(times, now) });
    assert.deepEqual([choice.ttl, choice.reason], ['5m', 'the model has no 1-hour cache']);
  });
});
