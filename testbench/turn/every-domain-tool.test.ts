import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { isAppError } from '../../src/errors.ts';
import { FIND_TOOLS_NAME } from '../../src/pipeline/tool-selection/index.ts';
import { createChatService } from '../../src/turn/create-chat-service.ts';
import { cacheTtls, createTurnFixture, requestToolNames, type TurnFixture, USER } from './turn-test-support.ts';

// DOMAIN_TOOLS=all through the real turn loop, store and simulator: every domain tool on every request.
describe('DOMAIN_TOOLS=all', () => {
  let fixture: TurnFixture;
  before(async () => {
    fixture = await createTurnFixture({ settings: { domainToolPolicy: 'all' } });
  });
  after(() => fixture.close());

  it('offers every domain tool on every request, the same list each turn, without find_tools or a selector call', async () => {
    const conversationId = await fixture.createConversation();
    fixture.simulator.log.clear();
    fixture.simulator.script.enqueue({ model: 'sonnet', text: 'Hello! How can I help?' });
    await fixture.service.sendMessage({ userId: USER, conversationId, text: 'Hi there, how are you today?' });
    fixture.advance(30_000);
    fixture.simulator.script.enqueue({ model: 'sonnet', text: 'Done.' });
    await fixture.service.sendMessage({ userId: USER, conversationId, text: 'Add a task to buy milk tomorrow' });

    const domain = fixture.deps.registry.domainTools().map((tool) => tool.name);
    const [first, second] = fixture.mainRequests();
    const offered = requestToolNames(first);
    assert.deepEqual(offered.slice(-domain.length), domain, 'every domain tool, in the registry order, after the rest');
    assert.ok(!offered.includes(FIND_TOOLS_NAME), 'nothing is left to find');
    assert.deepEqual(requestToolNames(second), offered, 'the list never changes');
    assert.equal(fixture.cheapRequests().length, 0, 'no selector call');
    assert.ok((second?.usage?.cacheReadInputTokens ?? 0) > 0, 'the second turn reads the cached tools');
  });

  it("caches the whole tool list and system layer for every conversation: a new one reads another's", async () => {
    // Conversations 20 minutes apart: from the second on, the deployment's gaps give the shared prefix 1 hour, and with
    // every domain tool on every request that prefix runs up to the end of the system layer.
    const firstCalls = [];
    for (const text of ['Add a task to renew my passport', 'Remind me to call the dentist', 'List my open tasks']) {
      fixture.advance(20 * 60_000);
      const conversationId = await fixture.createConversation();
      fixture.simulator.script.enqueue({ model: 'sonnet', text: 'Done.' });
      const before = fixture.mainRequests().length;
      await fixture.service.sendMessage({ userId: USER, conversationId, text });
      firstCalls.push(fixture.mainRequests()[before]);
    }
    const [, second, third] = firstCalls;
    assert.deepEqual(cacheTtls(third?.request), ['1h', '1h', '1h', '5m'], 'standard tools, domain tools, system, end');
    const written = second?.usage?.cacheWriteInputTokens ?? 0;
    const read = third?.usage?.cacheReadInputTokens ?? 0;
    assert.ok(read > 0.8 * written, `the third conversation read ${read} of the ${written} tokens the second wrote`);
  });

  it('refuses to start when the domain tools take more than half the prompt cap', () => {
    const settings = { ...fixture.deps.settings, maxInputTokens: 1_000 };
    assert.throws(() => createChatService({ ...fixture.deps, settings }), (error: unknown) => {
      assert.ok(isAppError(error) && error.code === 'config_invalid');
      assert.match(error.message, /^DOMAIN_TOOLS=all sends every domain tool on every request/);
      return true;
    });
  });
});
