import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEFAULT_CHEAP_MODEL_ID, DEFAULT_MODEL_ID } from '../../src/config/models.ts';
import { createChatService } from '../../src/turn/create-chat-service.ts';
import { DEFAULT_TURN_SETTINGS } from '../../src/turn/turn-dependencies.ts';
import type { StoredMessage } from '../../src/store/store-records.ts';
import { computeConversationFigures } from './compute-replay-figures.ts';
import { createReplayEnvironment, type OpenedEnvironment } from './create-replay-environment.ts';
import { type ConversationReplay, replayConversation } from './replay-conversation.ts';
import {
  createMissedToolConversation,
  createWeatherConversation,
  MIXED_TOOLS,
  WEATHER_TOOLS,
} from './replay-fixtures.test-support.ts';

// The selection's figures: a catalogue this small would be offered whole under the default (auto).
const SETTINGS = {
  ...DEFAULT_TURN_SETTINGS,
  mainModelId: DEFAULT_MODEL_ID,
  cheapModelId: DEFAULT_CHEAP_MODEL_ID,
  domainToolPolicy: 'select' as const,
};

describe('replayConversation', () => {
  const conversation = createWeatherConversation();
  let opened: Extract<OpenedEnvironment, { ok: true }>;
  let replay: ConversationReplay;

  before(async () => {
    const result = await createReplayEnvironment({
      conversations: [conversation],
      manifests: [{ label: 'weather', json: WEATHER_TOOLS }],
      settings: SETTINGS,
      createService: createChatService,
    });
    assert.ok(result.ok, result.ok ? '' : result.reason);
    opened = result;
    replay = await replayConversation(opened.environment, conversation, { index: 0 });
  });
  after(async () => opened?.close());

  it('sends every user turn through the service and persists every one of them', async () => {
    assert.deepEqual(replay.turns.map((turn) => turn.error), [undefined, undefined, undefined, undefined]);
    assert.deepEqual(replay.persisted.turns, { complete: 4, failed: 0, running: 0 });
    const page = await opened.environment.store.listVisibleMessages({
      ownerId: opened.environment.userId,
      conversationId: replay.conversationId,
      limit: 50,
    });
    assert.deepEqual(
      page.messages.filter((message) => message.role === 'user').map((message) => message.text),
      conversation.turns.flatMap((turn) => (turn.role === 'user' ? [turn.text] : [])),
    );
    const replies = page.messages.filter((message) => message.role === 'assistant').map((message) => message.text);
    assert.equal(replies.length, 4);
    assert.match(replies[0] ?? '', /Rome is 25 °C; Paris did not answer\.$/);
    assert.deepEqual([replies[1], replies[3]], ['Rome is in Italy, at 41.9° N, 12.5° E.', 'Rome is 27 °C now.']);
    assert.match(replies[2] ?? '', /^Simulated reply/, 'the incomplete exchange gets the simulator default reply');
  });

  it('plays the recorded steps as the main model calls, with the recorded tool outputs, at the recorded times', () => {
    const mainCalls = replay.turns.map((turn) => turn.calls.filter((call) => call.kind === 'main'));
    assert.deepEqual(mainCalls.map((calls) => calls.length), [2, 2, 1, 2]);
    assert.deepEqual(replay.turns.map((turn) => turn.scriptLeft), [0, 0, 0, 0]);
    assert.equal(replay.unmatchedToolCalls, 0);
    assert.equal(replay.unusedToolOutputs, 0);
    assert.deepEqual(mainCalls.map((calls) => new Date(calls[0]?.at ?? 0).toISOString()), [
      '2024-05-15T20:00:00.000Z',
      '2024-05-15T20:01:10.000Z',
      '2024-05-15T20:02:00.000Z',
      '2024-05-15T20:42:00.000Z',
    ]);
    assert.equal(
      new Date(mainCalls[0]?.[1]?.at ?? 0).toISOString(),
      '2024-05-15T20:00:03.610Z',
      'the clock moved to the tool results',
    );
  });

  it('records one ledger row per model call and no failed or invalid call', () => {
    const calls = replay.turns.flatMap((turn) => turn.calls);
    assert.deepEqual(calls.filter((call) => call.error !== undefined), []);
    for (const kind of ['main', 'selector', 'summariser'] as const) {
      assert.equal(replay.persisted.ledger[kind].calls, calls.filter((call) => call.kind === kind).length, kind);
    }
    const reported = calls.filter((call) => call.kind === 'main').reduce(
      (sum, call) => sum + call.usage.cacheReadInputTokens,
      0,
    );
    assert.equal(replay.persisted.ledger.main.cacheReadInputTokens, reported);
  });

  it('measures the baselines on the same calls and pairs them with ours', () => {
    assert.deepEqual(replay.baselineCalls.map((call) => [call.exchange, call.step]), [
      [0, 0],
      [0, 1],
      [1, 0],
      [1, 1],
      [2, 0],
      [3, 0],
      [3, 1],
    ]);
    const figures = computeConversationFigures(replay, {
      mainModelId: SETTINGS.mainModelId,
      maxInputTokens: SETTINGS.maxInputTokens,
      ttlMs: 5 * 60_000,
    });
    assert.equal(figures.misalignedExchanges, 0);
    assert.equal(figures.sides.ours.validationErrors, 0);
    assert.equal(figures.persistedTurns, 4);
    const ourMainOutput = replay.turns.flatMap((turn) => turn.calls).filter((call) => call.kind === 'main').reduce(
      (sum, call) => sum + call.usage.outputTokens,
      0,
    );
    for (const side of ['naive', 'naive-cached', 'window-cached'] as const) {
      assert.equal(figures.sides[side].outputTokens, ourMainOutput, `${side} is charged our output tokens`);
      assert.equal(figures.sides[side].mainCalls, 7);
    }
    assert.ok(
      Math.abs(figures.ledgerCostUsd - figures.sides.ours.totalUsd) < 1e-9,
      `ledger ${figures.ledgerCostUsd} vs reported ${figures.sides.ours.totalUsd}`,
    );
  });
});

describe('replayConversation with a recorded tool the request did not offer', () => {
  const conversation = createMissedToolConversation();
  let opened: Extract<OpenedEnvironment, { ok: true }>;
  let replay: ConversationReplay;
  let stored: readonly StoredMessage[];

  before(async () => {
    const result = await createReplayEnvironment({
      conversations: [conversation],
      manifests: [{ label: 'mixed', json: MIXED_TOOLS }],
      settings: SETTINGS,
      createService: createChatService,
    });
    assert.ok(result.ok, result.ok ? '' : result.reason);
    opened = result;
    replay = await replayConversation(opened.environment, conversation, { index: 0 });
    stored = await opened.environment.store.loadUncovered({
      ownerId: opened.environment.userId,
      conversationId: replay.conversationId,
    });
  });
  after(async () => opened?.close());

  it('counts the call as a miss and never runs it: no toolUse of it is stored, its output never reaches the model', () => {
    const first = replay.turns[0]?.toolCalls[0];
    assert.equal(first?.verdict, 'missed');
    assert.ok(!(first?.offered ?? []).includes('get_weather'), `offered: ${first?.offered?.join(', ')}`);
    assert.ok(first?.offered?.includes('add_note'), 'the note tools were offered');
    assert.equal(first?.domain, 'weather');
    const blocks = stored.flatMap((message) => message.content);
    const weatherUses = blocks.filter((block) => block.type === 'tool_use' && block.name === 'get_weather');
    assert.ok(weatherUses.every((block) => block.type === 'tool_use' && block.input['city'] !== 'Oslo'));
    assert.ok(!JSON.stringify(blocks).includes('tempC\\":3'), 'Oslo’s recorded output was never served');
    assert.equal(replay.unmatchedToolCalls, 0);
    assert.equal(replay.unusedToolOutputs, 0, 'the missed call’s output was dropped, not kept for a later call');
  });

  it('recovers a later call through find_tools searched with the user’s own words, and counts it as recovered', () => {
    const turn = replay.turns[1];
    const verdict = turn?.toolCalls[0];
    assert.ok(verdict !== undefined && verdict.verdict !== 'missed', `turn 2: ${JSON.stringify(verdict)}`);
    if (verdict.verdict !== 'recovered') return; // The selection offered get_weather at once: nothing to recover.
    const main = (turn?.calls ?? []).filter((call) => call.kind === 'main');
    assert.ok(!(main[0]?.tools ?? []).includes('get_weather') && (main[0]?.tools ?? []).includes('find_tools'));
    assert.ok((main[1]?.tools ?? []).includes('get_weather'), 'offered from the next step of the same turn');
    const searches = stored.flatMap((message) => message.content).filter((block) =>
      block.type === 'tool_use' && block.name === 'find_tools'
    );
    assert.deepEqual(searches.map((block) => block.type === 'tool_use' ? block.input : {}).at(-1), {
      query: 'What is the current weather in Rome, in °C?',
    });
    const weather = stored.flatMap((message) => message.content).filter((block) =>
      block.type === 'tool_result' && block.text === '{"tempC":27}'
    );
    assert.equal(weather.length, 1, 'the recovered call ran and got its own recorded output');
  });

  it('reports the miss by domain in the figures', () => {
    const figures = computeConversationFigures(replay, {
      mainModelId: SETTINGS.mainModelId,
      maxInputTokens: SETTINGS.maxInputTokens,
      ttlMs: 5 * 60_000,
    });
    assert.equal(figures.toolCalls.recorded, 2);
    assert.equal(figures.toolCalls.offered + figures.toolCalls.recovered + figures.toolCalls.missed, 2);
    assert.ok((figures.toolCalls.missedByDomain['weather'] ?? 0) >= 1);
  });
});
