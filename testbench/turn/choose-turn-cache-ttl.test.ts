import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Logger } from '../../src/logger.ts';
import { cacheTtls, createTurnFixture, type TurnFixture, USER } from './turn-test-support.ts';

const MINUTE = 60_000;
const logged: { event: string; fields: Record<string, unknown> }[] = [];
const logger: Logger = { level: 'info', log: (_level, event, fields = {}) => logged.push({ event, fields }) };

const QUESTIONS = [
  'Add a task to renew my passport by Friday',
  'Also remind me to call the dentist on Monday at 9',
  'What tasks do I have this week?',
  'Mark the passport task as done',
  'Add a note: the dentist is at 14 Rue Cler',
  'Which reminders are still open?',
];

describe('chooseTurnCacheTtl in a turn', () => {
  let fixture: TurnFixture;
  before(async () => (fixture = await createTurnFixture({ logger })));
  after(() => fixture.close());

  async function converse(gapMs: number): Promise<{ ttls: string[]; reasons: string[] }> {
    const conversationId = await fixture.createConversation();
    const start = logged.length;
    let last: unknown;
    for (const text of QUESTIONS) {
      fixture.advance(gapMs);
      await fixture.service.sendMessage({ userId: USER, conversationId, text });
      last = fixture.mainRequests().at(-1)?.request;
    }
    const reasons = logged.slice(start).filter((entry) => entry.event === 'cache_ttl').map((entry) =>
      String(entry.fields['reason'])
    );
    return { ttls: cacheTtls(last), reasons };
  }

  it('keeps 5-minute message points for a person who answers within a minute', async () => {
    const { ttls, reasons } = await converse(MINUTE);
    assert.equal(reasons.length, QUESTIONS.length, 'one cache_ttl line per turn');
    assert.ok(ttls.length > 0, 'cache points placed');
    assert.ok(ttls.every((ttl) => ttl === '5m'), ttls.join(','));
  });

  it('moves to 1-hour points, never increasing along the prefix, for a person who answers every 20 minutes', async () => {
    const { ttls, reasons } = await converse(20 * MINUTE);
    assert.match(reasons[0] ?? '', /^0 gaps/);
    assert.match(reasons.at(-1) ?? '', /^5 gaps: 0% ≤ 5m, 83% in \(5m, 1h\]/);
    assert.match(reasons.at(-1) ?? '', /static 1h: .* messages 1h: /);
    assert.equal(ttls.at(-1), '1h', ttls.join(','));
    const order = ttls.map((ttl) => (ttl === '1h' ? 1 : 0));
    assert.deepEqual(order, [...order].sort((a, b) => b - a), `TTLs increase along the prefix: ${ttls.join(',')}`);
  });

  it("gives a new conversation's first turn a 1-hour standard-tools point when the deployment's turns come every 20 minutes", async () => {
    // The conversations above ran their twelve turns 1 and 20 minutes apart: nearly every gap over 5 minutes between the
    // deployment's turns ended within the hour. The new conversation has no gap of its own.
    const conversationId = await fixture.createConversation();
    const start = logged.length;
    fixture.advance(20 * MINUTE);
    await fixture.service.sendMessage({ userId: USER, conversationId, text: 'Add a task to water the plants' });
    const line = logged.slice(start).find((entry) => entry.event === 'cache_ttl');
    assert.match(String(line?.fields['reason']), /^0 gaps/);
    assert.equal(line?.fields['sharedStaticTtl'], '1h');
    assert.match(
      String(line?.fields['sharedReason']),
      /^12 gaps between the deployment's turns, 8\d% of those over 5m end within the hour/,
    );
    const first = fixture.mainRequests().filter((entry) => entry.at >= (fixture.mainRequests().at(-1)?.at ?? 0)).at(0);
    const ttls = cacheTtls(first?.request);
    assert.equal(ttls[0], '1h', `the standard tools' point: ${ttls.join(',')}`);
    assert.ok(ttls.slice(1).every((ttl) => ttl === '5m'), `the conversation's own points stay 5m: ${ttls.join(',')}`);
  });
});
