import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkRecallTargets, checkReplayTargets, readBillMeasure } from './check-selection-targets.ts';
import type { SelectionFigures } from './measure-selection.ts';

const MET: SelectionFigures = {
  userTurns: 300,
  recordedCalls: 200,
  offeredFirstTry: 0.96,
  withRecovery: 0.995,
  missedByDomain: { airline: 1 },
  missedByReason: { 'not-found': 1 },
  notOfferedBySelection: { 'no-selector-call': 8 },
  toolListChanges: 5,
  changesPer100Turns: 1.67,
  changeCostUsd: 0.01,
  selectorCalls: 3,
  cacheReadPercent: 97.5,
  cacheEligible: 400,
  cacheReadTokenPercent: 80,
  billPercentOfWindow: 41,
  billedInputUsd: 4.1,
  cheapOutputUsd: 0.3,
  allInPercentOfWindow: 44,
  windowBilledInputUsd: 10,
  overCap: 0,
  rejected: 0,
  failedTurns: 0,
};

const failing = (checks: readonly { name: string; ok: boolean }[]) => checks.filter((c) => !c.ok).map((c) => c.name);

describe('checkReplayTargets', () => {
  it('passes a half that meets every target, with the offered rates for tool conversations', () => {
    const checks = checkReplayTargets('SGD held-out', MET, { noTool: false });
    assert.deepEqual(failing(checks), []);
    assert.ok(checks.some((check) => check.name.includes('offered on the first try') && check.value === '0.960'));
    assert.ok(!checks.some((check) => check.name.includes('tool-list changes')));
  });

  it('fails each target just below it, and names the half', () => {
    const checks = checkReplayTargets('τ-bench tuning', {
      ...MET,
      offeredFirstTry: 0.949,
      withRecovery: 0.989,
      cacheReadPercent: 94.9,
      billPercentOfWindow: 50.1,
      overCap: 1,
      rejected: 2,
    }, { noTool: false });
    assert.equal(failing(checks).length, 6);
    assert.ok(failing(checks).every((name) => name.startsWith('τ-bench tuning: ')));
  });

  it("checks the bill on billed input by default, and all-in (with the cheap model's replies) when asked", () => {
    const figures = { ...MET, billPercentOfWindow: 48.5, allInPercentOfWindow: 50.6 };
    assert.deepEqual(failing(checkReplayTargets('replay', figures, { noTool: false })), []);
    assert.deepEqual(failing(checkReplayTargets('replay', figures, { noTool: false, bill: 'input' })), []);
    const allIn = checkReplayTargets('replay', figures, { noTool: false, bill: 'all-in' });
    assert.deepEqual(failing(allIn), ['replay: bill all-in ≤ 50% of the 12-message cached window with every tool']);
    assert.ok(allIn.some((check) => check.value === '50.6%'));
  });

  it('reads --bill: input when absent, either measure by name, anything else refused', () => {
    assert.equal(readBillMeasure(undefined), 'input');
    assert.equal(readBillMeasure('all-in'), 'all-in');
    assert.throws(() => readBillMeasure('total'), /--bill must be one of input, all-in \(got "total"\)/);
  });

  it('checks tool-list changes (fewer than 2 per 100 turns) on conversations that need no tool, not offered rates', () => {
    const quiet = checkReplayTargets('everyday', { ...MET, recordedCalls: 0, offeredFirstTry: null }, { noTool: true });
    assert.deepEqual(failing(quiet), []);
    const noisy = checkReplayTargets('everyday', { ...MET, changesPer100Turns: 2 }, { noTool: true });
    assert.deepEqual(failing(noisy), ['everyday: tool-list changes < 2 per 100 user turns']);
  });

  it('fails a tool fixture whose recording has no tool call rather than passing it unmeasured', () => {
    const checks = checkReplayTargets('empty', { ...MET, offeredFirstTry: null, withRecovery: null }, {
      noTool: false,
    });
    assert.equal(failing(checks).length, 2);
  });
});

describe('checkRecallTargets', () => {
  it('needs the held-out half at 0.90 or more and within 0.03 of the tuning half', () => {
    assert.deepEqual(failing(checkRecallTargets('SGD', 0.95, 0.93)), []);
    assert.deepEqual(failing(checkRecallTargets('SGD', 0.99, 0.95)), [
      'SGD: held-out recall@15 within 0.03 of the tuning half',
    ]);
    assert.deepEqual(failing(checkRecallTargets('SGD', 0.9, 0.89)), ['SGD: held-out recall@15 ≥ 0.9']);
  });
});
