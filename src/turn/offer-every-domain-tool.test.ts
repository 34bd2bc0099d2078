import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isAppError } from '../errors.ts';
import { createToolRegistry, STANDARD_TAG } from '../pipeline/tool-catalogue/index.ts';
import { checkEveryToolFits, measureDomainCatalogue, offerEveryDomainTool } from './offer-every-domain-tool.ts';

/** A catalogue of real-sounding tools: a calendar's and a mailbox's, and one standard tool. */
function createCatalogue() {
  const registry = createToolRegistry();
  const tool = (name: string, description: string, tags: string[]) =>
    registry.register({
      name,
      description,
      inputSchema: { type: 'object', properties: { query: { type: 'string', description: 'What to look for.' } } },
      tags,
    });
  tool('search_inbox', 'Search the mailbox for messages from a sender or about a subject.', ['email']);
  tool('send_email', 'Send an email to one or more recipients.', ['email']);
  tool('create_event', 'Add an event to the calendar at a date and time.', ['calendar']);
  tool('help', 'Explain what the assistant can do.', [STANDARD_TAG]);
  return registry;
}

describe('offerEveryDomainTool', () => {
  it('offers every domain tool in the registry order, keeps the list and calls no model', () => {
    const chosen = offerEveryDomainTool(createCatalogue());
    assert.deepEqual(chosen.tools.map((tool) => tool.name), ['create_event', 'search_inbox', 'send_email']);
    assert.deepEqual(chosen.order, ['create_event', 'search_inbox', 'send_email']);
    assert.deepEqual(chosen.plan, {
      kind: 'keep',
      selected: ['create_event', 'search_inbox', 'send_email'],
      reason: 'every-tool',
    });
    assert.equal(chosen.selection.source, 'keep');
    assert.equal(chosen.call, null);
  });
});

describe('checkEveryToolFits', () => {
  const registry = createCatalogue();
  const tokens = measureDomainCatalogue(registry);

  it('measures the domain tools only (the standard tool is sent anyway)', () => {
    assert.ok(tokens > 0);
    const withoutStandard = createToolRegistry();
    for (const spec of registry.domainTools()) withoutStandard.register(spec);
    assert.equal(measureDomainCatalogue(withoutStandard), tokens);
  });

  it('accepts a catalogue within half the prompt cap, and anything under select', () => {
    assert.doesNotThrow(() => checkEveryToolFits(registry, { domainToolPolicy: 'all', maxInputTokens: 2 * tokens }));
    assert.doesNotThrow(() => checkEveryToolFits(registry, { domainToolPolicy: 'select', maxInputTokens: tokens }));
  });

  it('refuses a catalogue over half the prompt cap with config_invalid, saying the sizes and the fixes', () => {
    assert.throws(
      () => checkEveryToolFits(registry, { domainToolPolicy: 'all', maxInputTokens: 2 * tokens - 1 }),
      (error: unknown) => {
        assert.ok(isAppError(error) && error.code === 'config_invalid');
        assert.match(error.message, new RegExp(`the 3 domain tools take about ${tokens} tokens`));
        assert.match(error.message, /unset DOMAIN_TOOLS/);
        assert.match(error.message, new RegExp(`raise MAX_INPUT_TOKENS to at least ${2 * tokens}`));
        return true;
      },
    );
  });
});
