import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { isAppError } from '../../src/errors.ts';
import type { Logger } from '../../src/logger.ts';
import { createToolRegistry, STANDARD_TAG } from '../../src/pipeline/tool-catalogue/index.ts';
import { createToolIndex } from '../../src/pipeline/tool-search/index.ts';
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

// DOMAIN_TOOLS=auto, the default: the demo catalogue (34 tools, about 7.8k tokens) is selected from; a catalogue of a
// few tools is offered whole, as under `all`.
describe('DOMAIN_TOOLS=auto', () => {
  let fixture: TurnFixture;
  before(async () => {
    fixture = await createTurnFixture();
  });
  after(() => fixture.close());

  /** A logger that keeps the `domain_tools` lines. */
  function recordChoices(): { logger: Logger; choices: Readonly<Record<string, unknown>>[] } {
    const choices: Readonly<Record<string, unknown>>[] = [];
    return {
      choices,
      logger: { level: 'info', log: (_level, event, fields) => event === 'domain_tools' && choices.push(fields ?? {}) },
    };
  }

  it('is the default, and selects from a catalogue over 6,000 tokens, saying so once at start', async () => {
    assert.equal(fixture.deps.settings.domainToolPolicy, 'auto');
    const { logger, choices } = recordChoices();
    createChatService({ ...fixture.deps, logger });
    assert.equal(choices.length, 1);
    assert.equal(choices[0]?.['policy'], 'select');
    assert.match(
      String(choices[0]?.['reason']),
      /^DOMAIN_TOOLS=auto: the 34 domain tools take about \d+ tokens, over 6000$/,
    );

    const conversationId = await fixture.createConversation();
    fixture.simulator.log.clear();
    fixture.simulator.script.enqueue({ model: 'sonnet', text: 'Done.' });
    await fixture.service.sendMessage({ userId: USER, conversationId, text: 'Add a task to buy milk tomorrow' });
    const offered = requestToolNames(fixture.mainRequests()[0]);
    assert.ok(offered.includes(FIND_TOOLS_NAME), 'the selection offers the way back');
    const domain = fixture.deps.registry.domainTools().map((tool) => tool.name);
    const offeredDomain = offered.filter((name) => domain.includes(name));
    assert.ok(
      offeredDomain.length >= 3 && offeredDomain.length <= 5,
      `3-5 domain tools, got ${offeredDomain.join(', ')}`,
    );
  });

  it('offers a small catalogue whole: every domain tool on every request, no find_tools and no selector call', async () => {
    // The demo's task and note tools alone, with the standard tools: about 2k tokens.
    const registry = createToolRegistry();
    for (const spec of fixture.deps.registry.all()) {
      if (spec.tags.some((tag) => [STANDARD_TAG, 'tasks', 'notes'].includes(tag))) registry.register(spec);
    }
    const { logger, choices } = recordChoices();
    const service = createChatService({
      ...fixture.deps,
      registry,
      toolIndex: createToolIndex(registry.domainTools()),
      logger,
    });
    assert.equal(choices[0]?.['policy'], 'all');
    assert.match(
      String(choices[0]?.['reason']),
      /^DOMAIN_TOOLS=auto: the \d+ domain tools take about \d+ tokens, at most 6000$/,
    );

    const conversationId = await fixture.createConversation();
    fixture.simulator.log.clear();
    fixture.simulator.script.enqueue({ model: 'sonnet', text: 'Hello! How can I help?' });
    await service.sendMessage({ userId: USER, conversationId, text: 'Hi there, how are you today?' });
    fixture.advance(30_000);
    fixture.simulator.script.enqueue({ model: 'sonnet', text: 'Done.' });
    await service.sendMessage({ userId: USER, conversationId, text: 'Add a task to buy milk tomorrow' });
    const domain = registry.domainTools().map((tool) => tool.name);
    assert.ok(domain.length > 5, `more tools than a selection offers: ${domain.length}`);
    const [first, second] = fixture.mainRequests();
    assert.deepEqual(requestToolNames(first).slice(-domain.length), domain, 'every domain tool, in the registry order');
    assert.ok(!requestToolNames(first).includes(FIND_TOOLS_NAME), 'nothing is left to find');
    assert.deepEqual(requestToolNames(second), requestToolNames(first), 'the list never changes');
    assert.equal(fixture.cheapRequests().length, 0, 'no selector call');
    await service.stopTurns(0);
  });
});
