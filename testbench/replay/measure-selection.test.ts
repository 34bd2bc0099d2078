import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_CHEAP_MODEL_ID, DEFAULT_MODEL_ID } from '../../src/config/models.ts';
import { createChatService } from '../../src/turn/create-chat-service.ts';
import { DEFAULT_TURN_SETTINGS } from '../../src/turn/turn-dependencies.ts';
import { formatSelectionMisses, measureSelection } from './measure-selection.ts';
import {
  createMissedToolConversation,
  createWeatherConversation,
  MIXED_TOOLS,
} from './replay-fixtures.test-support.ts';
import { runReplay } from './run-replay.ts';

// The selection's figures: a catalogue this small would be offered whole under the default (auto).
const SETTINGS = {
  ...DEFAULT_TURN_SETTINGS,
  mainModelId: DEFAULT_MODEL_ID,
  cheapModelId: DEFAULT_CHEAP_MODEL_ID,
  domainToolPolicy: 'select' as const,
};

describe('measureSelection', () => {
  it('sums a run’s verdicts, tool-list changes, cache reads and bill into the figures the bench checks', async () => {
    const result = await runReplay({
      conversations: [createMissedToolConversation(), createWeatherConversation('weather-2')],
      manifests: [{ label: 'mixed', json: MIXED_TOOLS }],
      settings: SETTINGS,
      createService: createChatService,
    });
    assert.ok(result.ok, result.ok ? '' : result.reason);
    const run = result.run;
    const figures = measureSelection(run);
    assert.equal(figures.userTurns, 2 + 4);
    assert.equal(figures.recordedCalls, 2 + 4);
    const verdicts = run.replays.flatMap((replay) => replay.turns.flatMap((turn) => turn.toolCalls));
    const offered = verdicts.filter((verdict) => verdict.verdict === 'offered').length;
    const recovered = verdicts.filter((verdict) => verdict.verdict === 'recovered').length;
    assert.equal(figures.offeredFirstTry, offered / 6);
    assert.equal(figures.withRecovery, (offered + recovered) / 6);
    assert.ok((figures.missedByDomain['weather'] ?? 0) >= 1, 'the weather call after a note request is missed');
    const notOffered = verdicts.filter((verdict) => verdict.verdict !== 'offered');
    assert.ok(notOffered.every((verdict) => verdict.selection !== undefined), 'each call not offered first is judged');
    const judged = Object.values(figures.notOfferedBySelection).reduce((sum, count) => sum + count, 0);
    assert.equal(judged, 6 - offered);
    assert.equal(
      figures.toolListChanges,
      run.conversations.reduce((sum, one) => sum + one.toolListChanges.changes, 0),
    );
    assert.equal(figures.changesPer100Turns, (100 * figures.toolListChanges) / 6);
    assert.equal(figures.billPercentOfWindow, (100 * figures.billedInputUsd) / figures.windowBilledInputUsd);
    assert.ok(figures.windowBilledInputUsd > 0);
    assert.ok(figures.cheapOutputUsd > 0, 'the selector and the summariser answered');
    assert.equal(
      figures.allInPercentOfWindow,
      (100 * (figures.billedInputUsd + figures.cheapOutputUsd)) / figures.windowBilledInputUsd,
    );
    const ours = run.totals.ours;
    assert.equal(figures.cacheReadTokenPercent, (100 * ours.cacheReadInputTokens) / ours.promptTokens);
    assert.deepEqual([figures.overCap, figures.rejected, figures.failedTurns], [0, 0, 0]);
  });
});

describe('formatSelectionMisses', () => {
  it('reads the calls not offered first by how their list was chosen, in a fixed order, leaving out kinds with none', () => {
    assert.equal(
      formatSelectionMisses({ 'not-picked': 1, 'no-selector-call': 39, 'not-shortlisted': 0 }),
      'not offered first: list chosen without the cheap model 39, shortlisted, not picked 1',
    );
    assert.equal(formatSelectionMisses({}), '');
  });
});
