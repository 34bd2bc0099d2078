import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isAppError } from '../errors.ts';
import { createToolRegistry, STANDARD_TAG } from '../pipeline/tool-catalogue/index.ts';
import {
  AUTO_EVERY_TOOL_MAX_TOKENS,
  checkEveryToolFits,
  measureDomainCatalogue,
  offerEveryDomainTool,
  resolveDomainToolPolicy,
} from './offer-every-domain-tool.ts';

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

describe('resolveDomainToolPolicy', () => {
  const small = createCatalogue();
  const smallTokens = measureDomainCatalogue(small);
  /** The calendar and mailbox of createCatalogue plus `count` more services of three tools each, worded apart. */
  function createLarger(count: number) {
    const registry = createCatalogue();
    const services = ['flight', 'hotel', 'restaurant', 'taxi', 'weather', 'music', 'movie', 'bank', 'pharmacy', 'gym'];
    for (const [at, service] of services.slice(0, count).entries()) {
      for (const action of ['find', 'book', 'cancel']) {
        registry.register({
          name: `${action}_${service}`,
          description:
            `${action[0]?.toUpperCase()}${action.slice(1)} a ${service} for the user: the ${service} service ` +
            `(number ${at}) answers with what it found, booked or cancelled, its price, its date and time, and where it is.`,
          inputSchema: {
            type: 'object',
            properties: {
              city: { type: 'string', description: `The city where the ${service} is.` },
              date: { type: 'string', description: 'The date, as the user said it or as YYYY-MM-DD.' },
              notes: { type: 'string', description: 'Anything else the user asked for, in their own words.' },
            },
            required: ['city'],
          },
          tags: [service],
        });
      }
    }
    return registry;
  }

  it('offers a catalogue of at most 6,000 tokens whole under auto, and says why', () => {
    const choice = resolveDomainToolPolicy(small, { domainToolPolicy: 'auto', maxInputTokens: 24_000 });
    assert.deepEqual(choice, {
      policy: 'all',
      toolCount: 3,
      catalogueTokens: smallTokens,
      autoLimit: AUTO_EVERY_TOOL_MAX_TOKENS,
      reason: `DOMAIN_TOOLS=auto: the 3 domain tools take about ${smallTokens} tokens, at most 6000`,
    });
  });

  it('selects from a catalogue over 6,000 tokens under auto', () => {
    const large = createLarger(10);
    const tokens = measureDomainCatalogue(large);
    assert.ok(tokens > AUTO_EVERY_TOOL_MAX_TOKENS && tokens < 12_000, `a catalogue between the lines: ${tokens}`);
    const choice = resolveDomainToolPolicy(large, { domainToolPolicy: 'auto', maxInputTokens: 24_000 });
    assert.equal(choice.policy, 'select');
    assert.equal(choice.reason, `DOMAIN_TOOLS=auto: the 33 domain tools take about ${tokens} tokens, over 6000`);
  });

  it('under auto never offers whole what `all` would refuse: the line is at most half the prompt cap', () => {
    const cap = 2 * smallTokens - 2;
    const choice = resolveDomainToolPolicy(small, { domainToolPolicy: 'auto', maxInputTokens: cap });
    assert.equal(choice.policy, 'select');
    assert.equal(choice.autoLimit, smallTokens - 1);
    assert.doesNotThrow(() => checkEveryToolFits(small, { domainToolPolicy: 'auto', maxInputTokens: cap }));
  });

  it('keeps select and all as set, whatever the catalogue size', () => {
    const large = createLarger(10);
    assert.equal(
      resolveDomainToolPolicy(small, { domainToolPolicy: 'select', maxInputTokens: 24_000 }).policy,
      'select',
    );
    assert.equal(resolveDomainToolPolicy(large, { domainToolPolicy: 'all', maxInputTokens: 24_000 }).policy, 'all');
    assert.equal(
      resolveDomainToolPolicy(large, { domainToolPolicy: 'all', maxInputTokens: 24_000 }).reason,
      'DOMAIN_TOOLS=all',
    );
  });
});
