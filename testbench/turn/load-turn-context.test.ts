import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEFAULT_ASSETS } from '../../src/config/default-prompt-content.ts';
import { createTurnFixture, type TurnFixture, USER } from './turn-test-support.ts';

type WireBlock = {
  text?: string;
  toolUse?: { toolUseId: string; name: string };
  toolResult?: { toolUseId: string; content: { text: string }[] };
};
type WireBody = { messages: { role: string; content: WireBlock[] }[] };

function blocksOf(fixture: TurnFixture, index: number): WireBlock[] {
  const body = fixture.mainRequests().at(index)?.request as WireBody | undefined;
  return (body?.messages ?? []).flatMap((message) => message.content);
}

let fixture: TurnFixture;
const STYLE = DEFAULT_ASSETS.get('response_style') ?? '';

describe('loadTurnContext (get_asset exposures and pins, through the chat service)', () => {
  before(async () => {
    fixture = await createTurnFixture({ settings: { windowMin: 4, windowMax: 6 } });
  });
  after(() => fixture.close());

  it('gives the asset text once per session, then a short note, then pins the pair once the window moves past it', async () => {
    const conversationId = await fixture.createConversation();
    const scope = { ownerId: USER, conversationId };
    fixture.simulator.script.enqueue(
      { model: 'sonnet', toolUses: [{ name: 'get_asset', input: { id: 'response_style' }, id: 'tooluse_asset1' }] },
      { model: 'sonnet', text: 'Got the style rules.' },
    );
    await fixture.service.sendMessage({ userId: USER, conversationId, text: 'Hello' });
    const first = blocksOf(fixture, -1).find((block) => block.toolResult?.toolUseId === 'tooluse_asset1');
    assert.equal(first?.toolResult?.content[0]?.text, STYLE);
    const conversation = await fixture.store.getConversation(scope);
    assert.ok(
      conversation?.sessionId !== null && conversation?.sessionId !== undefined,
      'the conversation has an asset session',
    );
    const exposures = await fixture.rows.exposures(scope, conversation.sessionId);
    assert.deepEqual(exposures.map((exposure) => [exposure.assetId, exposure.toolUseId, exposure.messageSeq]), [[
      'response_style',
      'tooluse_asset1',
      3,
    ]]);

    fixture.simulator.script.enqueue(
      { model: 'sonnet', toolUses: [{ name: 'get_asset', input: { id: 'response_style' }, id: 'tooluse_asset2' }] },
      { model: 'sonnet', text: 'Still following them.' },
    );
    await fixture.service.sendMessage({ userId: USER, conversationId, text: 'Remind me of your style' });
    const repeat = blocksOf(fixture, -1).find((block) => block.toolResult?.toolUseId === 'tooluse_asset2');
    assert.match(repeat?.toolResult?.content[0]?.text ?? '', /already provided earlier in this session/);
    assert.equal((await fixture.rows.exposures(scope, conversation.sessionId)).length, 1);

    // Plain turns until the summary covers the first turn: its get_asset pair has left the window.
    for (let turn = 1; turn <= 12; turn += 1) {
      fixture.simulator.script.enqueue({ model: 'sonnet', text: `Answer ${turn}.` });
      await fixture.service.sendMessage({ userId: USER, conversationId, text: `Plain question ${turn}` });
      await fixture.service.drain();
    }
    const memory = await fixture.store.loadMemory(scope);
    assert.ok(memory.coversUpToSeq >= 4, `the summary covers the first turn (covers up to ${memory.coversUpToSeq})`);
    fixture.simulator.script.enqueue({ model: 'sonnet', text: 'Last.' });
    await fixture.service.sendMessage({ userId: USER, conversationId, text: 'One more question' });
    const blocks = blocksOf(fixture, -1);
    assert.equal(
      blocks.filter((block) => block.toolUse?.toolUseId === 'tooluse_asset1').length,
      1,
      'the pinned toolUse appears once',
    );
    assert.deepEqual(
      blocks.filter((block) => block.toolResult?.toolUseId === 'tooluse_asset1').map((block) =>
        block.toolResult?.content[0]?.text
      ),
      [STYLE],
    );
    assert.equal(
      blocks.filter((block) => block.toolUse?.toolUseId === 'tooluse_asset2').length,
      0,
      'the repeat call is not pinned',
    );
    assert.equal(fixture.mainRequests().at(-1)?.status, 200);
  });

  it('shows the text again in a new session (after the idle gap)', async () => {
    const conversationId = await fixture.createConversation();
    fixture.simulator.script.enqueue(
      { model: 'sonnet', toolUses: [{ name: 'get_asset', input: { id: 'data_rules' }, id: 'tooluse_rules1' }] },
      { model: 'sonnet', text: 'Read them.' },
    );
    await fixture.service.sendMessage({ userId: USER, conversationId, text: 'Hello' });
    fixture.advance(fixture.deps.settings.sessionIdleMs + 1);
    fixture.simulator.script.enqueue(
      { model: 'sonnet', toolUses: [{ name: 'get_asset', input: { id: 'data_rules' }, id: 'tooluse_rules2' }] },
      { model: 'sonnet', text: 'Read them again.' },
    );
    await fixture.service.sendMessage({ userId: USER, conversationId, text: 'Hello again' });
    const again = blocksOf(fixture, -1).find((block) => block.toolResult?.toolUseId === 'tooluse_rules2');
    assert.equal(again?.toolResult?.content[0]?.text, DEFAULT_ASSETS.get('data_rules'));
  });

  it('pins an asset fetched late in a long conversation', async () => {
    const conversationId = await fixture.createConversation();
    const scope = { ownerId: USER, conversationId };
    // 45 turns (90 messages) before the asset is fetched: more than assetPinMaxTurns (40) of conversation, not of session.
    for (let turn = 1; turn <= 45; turn += 1) {
      fixture.simulator.script.enqueue({ model: 'sonnet', text: `Early answer ${turn}.` });
      await fixture.service.sendMessage({ userId: USER, conversationId, text: `Early question ${turn}` });
      await fixture.service.drain();
    }
    fixture.simulator.script.enqueue(
      { model: 'sonnet', toolUses: [{ name: 'get_asset', input: { id: 'response_style' }, id: 'tooluse_late1' }] },
      { model: 'sonnet', text: 'Got them.' },
    );
    await fixture.service.sendMessage({ userId: USER, conversationId, text: 'Fetch the style rules' });
    const fetchedAt = (await fixture.store.loadUncovered({ ...scope, afterSeq: 0 })).at(-1)?.seq ?? 0;
    for (let turn = 1; turn <= 8; turn += 1) {
      fixture.simulator.script.enqueue({ model: 'sonnet', text: `Late answer ${turn}.` });
      await fixture.service.sendMessage({ userId: USER, conversationId, text: `Late question ${turn}` });
      await fixture.service.drain();
    }
    const memory = await fixture.store.loadMemory(scope);
    assert.ok(
      memory.coversUpToSeq >= fetchedAt,
      `the summary covers the asset turn (${memory.coversUpToSeq} >= ${fetchedAt})`,
    );
    fixture.simulator.script.enqueue({ model: 'sonnet', text: 'Last.' });
    await fixture.service.sendMessage({ userId: USER, conversationId, text: 'One more question' });
    const blocks = blocksOf(fixture, -1);
    assert.equal(
      blocks.filter((block) => block.toolUse?.toolUseId === 'tooluse_late1').length,
      1,
      'the late asset is pinned once',
    );
  });
});

describe('pins end at the session token threshold (ASSET_PIN_MAX_TOKENS)', () => {
  let small: TurnFixture;
  before(async () => {
    small = await createTurnFixture({ settings: { windowMin: 4, windowMax: 6, assetPinMaxTokens: 400 } });
  });
  after(() => small.close());

  it('pins the pair while the session is short, drops it once the conversation passes the threshold', async () => {
    const conversationId = await small.createConversation();
    small.simulator.script.enqueue(
      { model: 'sonnet', toolUses: [{ name: 'get_asset', input: { id: 'response_style' }, id: 'tooluse_style' }] },
      { model: 'sonnet', text: 'I will answer in short, plain sentences.' },
    );
    await small.service.sendMessage({ userId: USER, conversationId, text: 'How will you answer me?' });
    const pinnedIn = () => blocksOf(small, -1).some((block) => block.toolResult?.toolUseId === 'tooluse_style');
    const seen: boolean[] = [];
    // About 60 tokens per turn: the window leaves the pair behind after a few turns, the threshold comes a few later.
    for (let turn = 1; turn <= 9; turn += 1) {
      small.simulator.script.enqueue({
        model: 'sonnet',
        text: `Day ${turn}: walk in the morning, answer the mail before lunch, and read a chapter in the evening.`,
      });
      await small.service.sendMessage({
        userId: USER,
        conversationId,
        text: `What should day ${turn} of my trip to Porto look like, with the museums and the river walk?`,
      });
      await small.service.drain();
      seen.push(pinnedIn());
    }
    // Seen all along at first (in the window, then pinned), gone for good once the session passed 400 tokens.
    const firstGone = seen.indexOf(false);
    assert.ok(firstGone > 3, `the pair stays visible for the first turns (${seen.join(', ')})`);
    assert.deepEqual(seen.slice(firstGone), seen.slice(firstGone).map(() => false));
    // No longer exposed: asking again shows the text again.
    small.simulator.script.enqueue(
      { model: 'sonnet', toolUses: [{ name: 'get_asset', input: { id: 'response_style' }, id: 'tooluse_again' }] },
      { model: 'sonnet', text: 'Read them again.' },
    );
    await small.service.sendMessage({ userId: USER, conversationId, text: 'Remind me of your style rules.' });
    const again = blocksOf(small, -1).find((block) => block.toolResult?.toolUseId === 'tooluse_again');
    assert.equal(again?.toolResult?.content[0]?.text, STYLE);
  });
});
