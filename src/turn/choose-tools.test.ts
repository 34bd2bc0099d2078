import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ModelCaller } from '../bedrock/call-model.ts';
import { chooseTools } from './choose-tools.ts';
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
      return new Promise((_, reject) => options?.signal?.addEventListener('abort', () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' }))));
    },
  };
}

describe('chooseTools', () => {
  before(async () => {
    fixture = await createTurnFixture({ wrapModels: hangingSelector });
  });
  after(() => fixture.close());

  it('uses the cheap model\'s choice, filled up to the minimum from the ranking, and bills the call', async () => {
    selector = 'real';
    fixture.simulator.script.enqueue({ model: 'haiku', toolUses: [{ name: 'select_tools', input: { tools: ['create_task', 'not_a_tool'] } }] });
    const chosen = await chooseTools(fixture.deps, { text: UNSURE, recentUserTurns: [], previousSelection: null });
    assert.equal(chosen.selection.source, 'model');
    assert.equal(chosen.tools[0]?.name, 'create_task');
    assert.equal(chosen.tools.length, fixture.deps.settings.minDomainTools);
    assert.deepEqual(chosen.selection.dropped, ['not_a_tool']);
    assert.equal(chosen.call?.kind, 'selector');
  });

  it('falls back to the local top picks when the selector does not answer in time', async () => {
    selector = 'hang';
    const impatient = { ...fixture.deps, settings: { ...fixture.deps.settings, selectorTimeoutMs: 50 } };
    const chosen = await chooseTools(impatient, { text: UNSURE, recentUserTurns: [], previousSelection: null });
    assert.equal(chosen.selection.source, 'fallback');
    assert.equal(chosen.call, null);
    assert.equal(chosen.tools[0]?.name, 'create_task');
    assert.ok(chosen.tools.length <= fixture.deps.settings.maxDomainTools, 'at most maxDomainTools');
  });

  it('keeps the previous selection when the message names no tool, and makes no call', async () => {
    selector = 'real';
    fixture.simulator.log.clear();
    const chosen = await chooseTools(fixture.deps, { text: 'thanks!', recentUserTurns: [], previousSelection: ['list_tasks', 'create_task', 'gone_tool'] });
    assert.deepEqual(chosen.tools.map((tool) => tool.name), ['list_tasks', 'create_task']);
    assert.equal(chosen.call, null);
    assert.equal(fixture.cheapRequests().length, 0);
  });
});
