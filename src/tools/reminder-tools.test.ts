import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { REMINDER_TOOLS } from './reminder-tools.ts';
import { createToolFixture, type ToolFixture } from './tool-fixture.test-support.ts';

describe('REMINDER_TOOLS', () => {
  let fixture: ToolFixture;
  before(async () => {
    fixture = await createToolFixture(REMINDER_TOOLS);
  });
  after(() => fixture.cleanup());

  it('creates, lists upcoming, snoozes and dismisses reminders (times in UTC)', async () => {
    // Clock: 2026-03-02T09:00:00Z.
    const { created: call } = await fixture.ok('create_reminder', {
      text: 'Call mum',
      due_at: '2026-03-02T12:00:00+01:00',
    });
    assert.deepEqual(call, {
      id: call.id,
      text: 'Call mum',
      due_at: '2026-03-02T11:00:00.000Z',
      status: 'pending',
      snooze_count: 0,
    });
    const { created: later } = await fixture.ok('create_reminder', {
      text: 'Renew passport',
      due_at: '2026-05-01T09:00:00Z',
    });

    assert.deepEqual((await fixture.ok('list_upcoming_reminders', {})).items.map((r: { text: string }) => r.text), [
      'Call mum',
    ]);
    assert.equal((await fixture.ok('list_upcoming_reminders', { within_hours: 24 * 90 })).count, 2);

    fixture.setNow('2026-03-02T11:30:00.000Z');
    const overdue = await fixture.ok('list_upcoming_reminders', {});
    assert.deepEqual(overdue.items, [{ ...call, overdue: 1 }]);
    assert.equal((await fixture.ok('list_upcoming_reminders', { include_overdue: false })).count, 0);

    const snoozed = await fixture.ok('snooze_reminder', { reminder_id: call.id, minutes: 30 });
    assert.deepEqual(snoozed.snoozed, { ...call, due_at: '2026-03-02T12:00:00.000Z', snooze_count: 1 });
    const until = await fixture.ok('snooze_reminder', { reminder_id: call.id, until: '2026-03-03T08:00:00Z' });
    assert.equal(until.snoozed.due_at, '2026-03-03T08:00:00.000Z');
    assert.equal(until.snoozed.snooze_count, 2);

    assert.equal((await fixture.ok('dismiss_reminder', { reminder_id: call.id })).dismissed.status, 'dismissed');
    assert.equal((await fixture.ok('list_upcoming_reminders', { within_hours: 8760 })).count, 1);
    assert.match(
      await fixture.error('snooze_reminder', { reminder_id: call.id, minutes: 5 }),
      /pending reminder ".*" not found/,
    );
    assert.ok(later.id);
  });

  it('keeps users apart', async () => {
    const { created } = await fixture.ok(
      'create_reminder',
      { text: 'Alice dentist', due_at: '2026-03-05T09:00:00Z' },
      'alice',
    );
    assert.equal((await fixture.ok('list_upcoming_reminders', { within_hours: 8760 }, 'bob')).count, 0);
    assert.match(await fixture.error('snooze_reminder', { reminder_id: created.id, minutes: 10 }, 'bob'), /not found/);
    assert.match(await fixture.error('dismiss_reminder', { reminder_id: created.id }, 'bob'), /not found/);
    const mine = await fixture.ok('list_upcoming_reminders', { within_hours: 8760 }, 'alice');
    assert.ok(mine.items.some((r: { id: string; status: string }) => r.id === created.id && r.status === 'pending'));
  });

  it('rejects bad input', async () => {
    fixture.setNow('2026-03-02T09:00:00.000Z');
    const cases: [string, Record<string, unknown>, RegExp][] = [
      [
        'create_reminder',
        { text: 'x', due_at: '2026-03-02T10:00:00' },
        /due_at: must be an ISO-8601 date-time with an offset/,
      ],
      ['create_reminder', { text: 'x', due_at: 'tomorrow' }, /due_at: must be an ISO-8601/],
      ['create_reminder', { text: 'x', due_at: '2026-02-30T10:00:00Z' }, /due_at: must be an ISO-8601/],
      [
        'create_reminder',
        { text: 'x', due_at: '2026-03-02T08:59:00Z' },
        /not in the future \(now is 2026-03-02T09:00:00.000Z\)/,
      ],
      ['snooze_reminder', { reminder_id: 'r' }, /exactly one of minutes or until/],
      [
        'snooze_reminder',
        { reminder_id: 'r', minutes: 5, until: '2026-03-03T00:00:00Z' },
        /exactly one of minutes or until/,
      ],
      ['snooze_reminder', { reminder_id: 'r', until: '2026-03-01T00:00:00Z' }, /not in the future/],
      ['list_upcoming_reminders', { within_hours: 0 }, /within_hours: must be at least 1/],
    ];
    for (const [name, input, expected] of cases) {
      assert.match(await fixture.error(name, input, 'erin'), expected, JSON.stringify(input));
    }
  });
});
