import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Logger } from '../../src/logger.ts';
import { createTurnFixture, requestToolNames, type TurnFixture, USER } from './turn-test-support.ts';

const TASK_TOOLS = ['complete_task', 'create_task', 'list_tasks', 'update_task'];

// The deployment's staples through the real turn loop, store and simulator: a tool most conversations needed and had
// to find (through find_tools) is offered from the next conversation's first request on.
describe("the deployment's staples", () => {
  let fixture: TurnFixture;
  const changes: Readonly<Record<string, unknown>>[] = [];
  const logger: Logger = {
    level: 'info',
    log: (_level, event, fields) => event === 'tool_list_changed' && changes.push(fields ?? {}),
  };
  before(async () => {
    fixture = await createTurnFixture({ logger });
  });
  after(() => fixture.close());

  /** A conversation on the task tools whose model finds the reading list through find_tools and adds a book. */
  async function findTheReadingList(): Promise<string> {
    const conversationId = await fixture.createConversation();
    await fixture.store.setSelectedTools({ ownerId: USER, conversationId, tools: TASK_TOOLS });
    fixture.simulator.script.enqueue(
      { model: 'sonnet', toolUses: [{ name: 'find_tools', input: { query: 'add a book to my reading list' } }] },
      { model: 'sonnet', toolUses: [{ name: 'add_reading_item', input: { title: 'Dune' } }] },
      { model: 'sonnet', text: 'Dune is on your reading list.' },
    );
    await fixture.service.sendMessage({ userId: USER, conversationId, text: 'My sister lent me Dune, what a story' });
    fixture.advance(10 * 60_000);
    return conversationId;
  }

  it('records what a conversation ran and which of it the list lacked when the turn began', async () => {
    const conversationId = await findTheReadingList();
    const row = await fixture.database.read({
      sql: 'SELECT ran_tools, late_tools, tools_ran_at FROM conversations WHERE id = ?',
      args: [conversationId],
    });
    assert.deepEqual(JSON.parse(String(row.rows[0]?.['ran_tools'])), ['add_reading_item']);
    assert.deepEqual(JSON.parse(String(row.rows[0]?.['late_tools'])), ['add_reading_item']);
    assert.equal(row.rows[0]?.['tools_ran_at'], new Date(fixture.now().getTime() - 10 * 60_000).toISOString());
  });

  it("offers it from a new conversation's first request once most of five conversations had to find it", async () => {
    const opening = async (text: string) => {
      const conversationId = await fixture.createConversation();
      fixture.simulator.log.clear();
      fixture.simulator.script.enqueue({ model: 'sonnet', text: 'Hello! How can I help?' });
      await fixture.service.sendMessage({ userId: USER, conversationId, text });
      return requestToolNames(fixture.mainRequests()[0]);
    };
    // One conversation so far (the test above): too few to learn from.
    assert.ok(!(await opening('Hi there, how are you today?')).includes('add_reading_item'));
    for (let count = 0; count < 4; count += 1) await findTheReadingList();
    changes.length = 0;
    const offered = await opening('Hello!');
    assert.ok(offered.includes('add_reading_item'), `a staple from the first request: ${offered.join(', ')}`);
    assert.deepEqual(
      changes.map((change) => [change['reason'], change['trigger'], change['added'], change['staples']]),
      [['staples', null, 1, 1]],
      'the first list is logged with its reason',
    );
    const domain = fixture.deps.registry.domainTools().map((tool) => tool.name);
    assert.deepEqual(offered.filter((name) => domain.includes(name)), ['add_reading_item'], 'and nothing else');
    changes.length = 0;
    const asked = await opening('Please add a task to call the bank tomorrow');
    assert.ok(asked.includes('create_task') && asked.includes('add_reading_item'), asked.join(', '));
    assert.equal(changes[0]?.['trigger'], 'create_task');
    assert.equal(changes[0]?.['staples'], 1);
  });

  it('leaves a kept list as it is: a staple joins a first list or a change, never a turn that keeps the list', async () => {
    const conversationId = await fixture.createConversation();
    await fixture.store.setSelectedTools({ ownerId: USER, conversationId, tools: TASK_TOOLS });
    fixture.simulator.log.clear();
    fixture.simulator.script.enqueue({ model: 'sonnet', text: 'You are welcome!' });
    await fixture.service.sendMessage({ userId: USER, conversationId, text: 'Thanks a lot, that was helpful' });
    const offered = requestToolNames(fixture.mainRequests()[0]);
    assert.ok(!offered.includes('add_reading_item'), offered.join(', '));
    assert.deepEqual(offered.filter((name) => TASK_TOOLS.includes(name)), TASK_TOOLS);
  });
});

// A domain's staples: the step most of one domain's conversations had to find joins a change into that domain, though
// too few of the deployment's conversations went there for it to be a staple of them all.
describe("a domain's staples", () => {
  let fixture: TurnFixture;
  before(async () => {
    fixture = await createTurnFixture();
  });
  after(() => fixture.close());

  const GOAL_REQUEST = 'I want to set a goal to run a marathon this year';

  async function firstList(text: string): Promise<string[]> {
    const conversationId = await fixture.createConversation();
    fixture.simulator.log.clear();
    fixture.simulator.script.enqueue({ model: 'sonnet', text: 'Done.' });
    await fixture.service.sendMessage({ userId: USER, conversationId, text });
    fixture.advance(10 * 60_000);
    return requestToolNames(fixture.mainRequests()[0]);
  }

  /** A conversation on its domain's other tools whose model runs `tool` after finding it through find_tools. */
  async function findLate(offered: readonly string[], tool: string, input: Record<string, unknown>): Promise<void> {
    const conversationId = await fixture.createConversation();
    await fixture.store.setSelectedTools({ ownerId: USER, conversationId, tools: offered });
    fixture.simulator.script.enqueue(
      { model: 'sonnet', toolUses: [{ name: 'find_tools', input: { query: tool.replaceAll('_', ' ') } }] },
      { model: 'sonnet', toolUses: [{ name: tool, input }] },
      { model: 'sonnet', text: 'Done.' },
    );
    await fixture.service.sendMessage({ userId: USER, conversationId, text: 'Could you take care of that for me?' });
    fixture.advance(10 * 60_000);
  }

  /** A conversation whose model runs an offered note tool. */
  async function writeNote(): Promise<void> {
    const conversationId = await fixture.createConversation();
    await fixture.store.setSelectedTools({ ownerId: USER, conversationId, tools: ['create_note', 'search_notes'] });
    fixture.simulator.script.enqueue(
      { model: 'sonnet', toolUses: [{ name: 'create_note', input: { title: 'Milk', body: 'Buy milk' } }] },
      { model: 'sonnet', text: 'Saved.' },
    );
    await fixture.service.sendMessage({ userId: USER, conversationId, text: 'Note that I need to buy milk' });
    fixture.advance(10 * 60_000);
  }

  it("offers it at a change into that domain, not at another domain's change or a first list", async () => {
    const goals = fixture.deps.registry.domainTools('goals').map((tool) => tool.name);
    const before = await firstList(GOAL_REQUEST);
    const left = goals.find((name) => !before.includes(name));
    assert.ok(left !== undefined, `a goal tool the request leaves out: ${before.join(', ')}`);
    for (let count = 0; count < 5; count += 1) {
      await findLate(goals.filter((name) => name !== left), left, { goal_id: 'g-1', task_id: 't-1' });
    }
    for (let count = 0; count < 6; count += 1) await writeNote();
    const after = await firstList(GOAL_REQUEST);
    assert.ok(after.includes(left), `${left} joins the change into goals: ${after.join(', ')}`);
    assert.ok(!(await firstList('Hello!')).includes(left), 'no staple of the whole deployment (5 of 11)');
    assert.ok(!(await firstList('Please add a task to call the bank tomorrow')).includes(left), 'nor of tasks');
  });
});
