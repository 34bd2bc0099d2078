import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ModelCaller } from '../../src/bedrock/call-model.ts';
import { chooseTools } from '../../src/turn/choose-tools.ts';
import { createTurnFixture, type TurnFixture } from './turn-test-support.ts';

/** Five task tools score close together for this message: the ranking asks the cheap model. */
const UNSURE = 'Add a task to buy milk tomorrow';
let fixture: TurnFixture;
let selector: 'real' | 'hang' = 'real';

/** The selector call waits for its abort signal when `selector` is 'hang' (so only the timeout can end it). */
function hangingSelector(models: ModelCaller): ModelCaller {
  return {
    ...models,
    converse: (request, options) => {
      if (selector === 'real') return models.converse(request, options);
      return new Promise((_, reject) =>
        options?.signal?.addEventListener(
          'abort',
          () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' })),
        )
      );
    },
  };
}

describe('chooseTools', () => {
  before(async () => {
    fixture = await createTurnFixture({ wrapModels: hangingSelector });
  });
  after(() => fixture.close());

  it("uses the cheap model's choice, filled up to the minimum from the ranking, and bills the call", async () => {
    selector = 'real';
    fixture.simulator.script.enqueue({
      model: 'haiku',
      toolUses: [{ name: 'select_tools', input: { tools: ['create_task', 'not_a_tool'] } }],
    });
    const chosen = await chooseTools(fixture.deps, { text: UNSURE, recentUserTurns: [], previousSelection: null });
    assert.equal(chosen.selection.source, 'model');
    const names = chosen.tools.map((tool) => tool.name);
    assert.ok(names.includes('create_task'), `the model's pick is selected: ${names.join(', ')}`);
    assert.ok(
      names.length >= fixture.deps.settings.minDomainTools && names.length <= fixture.deps.settings.maxDomainTools,
      `between min and max tools: ${names.length}`,
    );
    assert.deepEqual(names, chosen.order, 'a first list is sent in the order chosen; later requests keep its places');
    assert.deepEqual(chosen.selection.dropped, ['not_a_tool']);
    assert.equal(chosen.call?.kind, 'selector');
  });

  it('falls back to the local top picks when the selector does not answer in time', async () => {
    selector = 'hang';
    const impatient = { ...fixture.deps, settings: { ...fixture.deps.settings, selectorTimeoutMs: 50 } };
    const chosen = await chooseTools(impatient, { text: UNSURE, recentUserTurns: [], previousSelection: null });
    assert.equal(chosen.selection.source, 'fallback');
    assert.equal(chosen.call, null);
    assert.ok(chosen.tools.some((tool) => tool.name === 'create_task'), 'the local top pick is selected');
    assert.ok(chosen.tools.length <= fixture.deps.settings.maxDomainTools, 'at most maxDomainTools');
  });

  it('keeps the previous selection while it holds one of the best-ranked tools, and makes no call', async () => {
    selector = 'real';
    const previous = ['complete_task', 'list_notes_unrelated_name', 'create_task'].filter((name) =>
      fixture.deps.registry.get(name) !== undefined
    );
    const chosen = await chooseTools(fixture.deps, {
      text: 'create a task to call the bank',
      recentUserTurns: [],
      previousSelection: previous,
    });
    assert.equal(chosen.selection.source, 'keep');
    assert.equal(chosen.call, null);
    assert.deepEqual(chosen.tools.map((tool) => tool.name), previous);
  });

  it('keeps the previous selection when the message names no tool, and makes no call', async () => {
    selector = 'real';
    fixture.simulator.log.clear();
    const chosen = await chooseTools(fixture.deps, {
      text: 'thanks!',
      recentUserTurns: [],
      previousSelection: ['list_tasks', 'create_task', 'gone_tool'],
    });
    assert.deepEqual(chosen.tools.map((tool) => tool.name), ['create_task', 'list_tasks'], 'the request: name order');
    assert.deepEqual(chosen.order, ['list_tasks', 'create_task'], 'the stored order: most recently used first');
    assert.equal(chosen.call, null);
    assert.equal(fixture.cheapRequests().length, 0);
  });

  it('keeps the tools of the last request in their places on a change and sends the new ones after them', async () => {
    selector = 'hang';
    const deps = { ...fixture.deps, settings: { ...fixture.deps.settings, selectorTimeoutMs: 20 } };
    const chosen = await chooseTools(deps, {
      text: 'create a task to call the bank',
      recentUserTurns: [],
      previousSelection: ['create_note', 'search_notes'],
      previousOrder: ['search_notes', 'create_note'],
    });
    assert.equal(chosen.plan.kind, 'change');
    const names = chosen.tools.map((tool) => tool.name);
    assert.deepEqual(names.slice(0, 2), ['search_notes', 'create_note'], `in their places: ${names.join(', ')}`);
    assert.ok(names.slice(2).includes('create_task'), 'the new tools after them');
    assert.deepEqual(chosen.order.slice(0, 2), ['create_note', 'search_notes'], 'the stored list keeps its use order');
  });
  it("reads the conversation's opening statement as its task: the same words later keep the list", async () => {
    selector = 'hang';
    const deps = { ...fixture.deps, settings: { ...fixture.deps.settings, selectorTimeoutMs: 20 } };
    const text = 'I remember I added a task to my to-do list with a due date for Friday.';
    const opening = await chooseTools(deps, { text, recentUserTurns: [], previousSelection: null });
    assert.equal(opening.plan.kind, 'change');
    assert.ok(opening.tools.some((tool) => tool.name === 'create_task'), 'the task tools are offered');
    const later = await chooseTools(deps, { text, recentUserTurns: ['Hello!'], previousSelection: [] });
    assert.equal(later.plan.kind, 'keep');
    assert.equal(later.plan.reason, 'no-request');
    assert.deepEqual(later.tools, []);
  });

  it('stays in the domain of the tools the model has been calling when a message fits several domains', async () => {
    // The selector never answers here, so the local (focused) ranking alone decides.
    selector = 'hang';
    const deps = { ...fixture.deps, settings: { ...fixture.deps.settings, selectorTimeoutMs: 20 } };
    const text = 'delete the one about the dentist';
    const forNotes = await chooseTools(deps, {
      text,
      recentUserTurns: [],
      previousSelection: null,
      calledTools: ['search_notes', 'create_note'],
    });
    const forTasks = await chooseTools(deps, {
      text,
      recentUserTurns: [],
      previousSelection: null,
      calledTools: ['list_tasks', 'create_task'],
    });
    const notes = forNotes.tools.map((tool) => tool.name);
    const tasks = forTasks.tools.map((tool) => tool.name);
    assert.ok(
      notes.includes('delete_note') && !notes.includes('delete_task'),
      `notes conversation: ${notes.join(', ')}`,
    );
    assert.ok(
      tasks.includes('delete_task') && !tasks.includes('delete_note'),
      `tasks conversation: ${tasks.join(', ')}`,
    );
  });

  it('moves to the domain a message names even when the conversation was elsewhere', async () => {
    selector = 'hang';
    const deps = { ...fixture.deps, settings: { ...fixture.deps.settings, selectorTimeoutMs: 20 } };
    const tasks = ['complete_task', 'create_task', 'delete_task', 'list_tasks', 'update_task'];
    const chosen = await chooseTools(deps, {
      text: 'Create a new note: the wifi password is hunter2',
      recentUserTurns: ['add milk to my tasks'],
      previousSelection: tasks,
      calledTools: ['create_task'],
    });
    const names = chosen.tools.map((tool) => tool.name);
    assert.ok(names.includes('create_note'), `the note tools are offered: ${names.join(', ')}`);
  });
});
