import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AppError } from '../../src/errors.ts';
import type { Logger } from '../../src/logger.ts';
import { createTurnFixture, requestToolNames, type TurnFixture, USER } from './turn-test-support.ts';

const NOTE = 'Please save a note: the plumber comes on Tuesday at nine to fix the kitchen sink.';

let fixture: TurnFixture;

/** The main requests' tool lists of one turn: the model answers with `steps` (each a list of calls, or text). */
async function sendTurn(conversationId: string, text: string, steps: readonly (readonly string[] | string)[]) {
  fixture.simulator.log.clear();
  fixture.simulator.script.enqueue(
    ...steps.map((step, at) =>
      typeof step === 'string' ? { model: 'sonnet', text: step } : {
        model: 'sonnet',
        toolUses: step.map((name, call) => ({ name, input: inputOf(name), id: `tooluse_${at}_${call}` })),
      }
    ),
  );
  await fixture.service.sendMessage({ userId: USER, conversationId, text });
  return fixture.mainRequests().map((request) => requestToolNames(request));
}

function inputOf(name: string): Record<string, unknown> {
  if (name === 'create_note') return { title: 'Plumber', body: 'Tuesday at nine, kitchen sink.' };
  if (name === 'create_reminder') return { text: 'Let the plumber in', dueAt: '2026-01-06T09:00:00Z' };
  if (name === 'find_tools') return { query: 'save a note' };
  return {};
}

describe("the deployment's own turns teach which tools come together", () => {
  before(async () => {
    fixture = await createTurnFixture();
  });
  after(() => fixture.close());

  it('offers a tool with the step its turns kept running with it, on a change and through find_tools', async () => {
    // Before any turn ran both: a note request offers the notes tools, not the reminders.
    const [before] = await sendTurn(await fixture.createConversation(), NOTE, ['Noted.']);
    assert.ok(before?.includes('create_note'), `the note tool is offered: ${before?.join(', ')}`);
    assert.ok(!before?.includes('create_reminder'), `nothing learned yet: ${before?.join(', ')}`);

    // Two conversations whose turns save the note and set a reminder for it together.
    for (const text of [NOTE, 'Write down that the boiler service is due on Friday, I must not forget it.']) {
      const conversationId = await fixture.createConversation();
      await fixture.store.setSelectedTools({
        ownerId: USER,
        conversationId,
        tools: ['create_note', 'create_reminder', 'search_notes'],
      });
      await sendTurn(conversationId, text, [['create_note', 'create_reminder'], 'Saved, and I will remind you.']);
    }
    const counts = await fixture.store.loadToolCoUse(['create_note']);
    assert.deepEqual(counts.map((row) => [row.partner, row.turns]), [['create_note', 2], ['create_reminder', 2]]);

    // A new conversation's change to the notes offers the reminder right after the note tool.
    const [after] = await sendTurn(await fixture.createConversation(), NOTE, ['Noted.']);
    assert.ok(after?.includes('create_reminder'), `the learned step comes with it: ${after?.join(', ')}`);

    // A find_tools answer whose best tool is the note tool brings the reminder too.
    const conversationId = await fixture.createConversation();
    await fixture.store.setSelectedTools({ ownerId: USER, conversationId, tools: ['list_tasks', 'create_task'] });
    const steps = await sendTurn(conversationId, 'Thanks for earlier.', [['find_tools'], 'Those tools are here now.']);
    assert.ok(!steps[0]?.includes('create_reminder'), `not offered before the search: ${steps[0]?.join(', ')}`);
    assert.ok(steps[1]?.includes('create_note'), `the tool found is offered: ${steps[1]?.join(', ')}`);
    assert.ok(steps[1]?.includes('create_reminder'), `with its learned step: ${steps[1]?.join(', ')}`);
  });

  it('learns nothing from a call the request refused', async () => {
    const conversationId = await fixture.createConversation();
    await fixture.store.setSelectedTools({ ownerId: USER, conversationId, tools: ['list_tasks', 'create_task'] });
    const before = await fixture.store.loadToolCoUse(['create_task', 'log_habit']);
    await sendTurn(conversationId, 'Thanks!', [['create_task', 'log_habit'], 'Done.']);
    const counts = await fixture.store.loadToolCoUse(['create_task', 'log_habit']);
    assert.deepEqual(
      counts.filter((row) => !before.some((old) => old.tool === row.tool && old.partner === row.partner)),
      [{ tool: 'create_task', partner: 'create_task', turns: 1 }],
      'create_task ran alone: log_habit was not offered, so it never ran',
    );
  });
});

describe('a store that cannot keep the co-use counts', () => {
  const events: { level: string; event: string; fields: Readonly<Record<string, unknown>> }[] = [];
  const logger: Logger = { level: 'info', log: (level, event, fields = {}) => events.push({ level, event, fields }) };

  before(async () => {
    fixture = await createTurnFixture({ logger });
    const unavailable = () => Promise.reject(new AppError('store_error', 'the database is not answering'));
    Object.assign(fixture.store, { loadToolCoUse: unavailable, addToolCoUse: unavailable });
  });
  after(() => fixture.close());

  it('answers the turn, selects as if nothing were learned, and logs both failures', async () => {
    const conversationId = await fixture.createConversation();
    const [offered] = await sendTurn(conversationId, NOTE, [['create_note'], 'Saved your note about the plumber.']);
    assert.ok(offered?.includes('create_note'), `the note tool is offered: ${offered?.join(', ')}`);
    const stored = await fixture.service.listMessages({ userId: USER, conversationId, limit: 10 });
    assert.equal(stored.messages.at(-1)?.text, 'Saved your note about the plumber.');
    const warned = events.filter((entry) => entry.level === 'warn').map((
      entry,
    ) => [entry.event, entry.fields['error']]);
    assert.deepEqual(warned, [
      ['tool_co_use_not_loaded', 'store_error'],
      ['tool_co_use_not_saved', 'store_error'],
    ]);
  });
});
