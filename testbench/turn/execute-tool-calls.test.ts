import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ToolUseBlock } from '../../src/pipeline/types/index.ts';
import type { TurnEvent } from '../../src/turn/chat-service.ts';
import { executeToolCalls } from '../../src/turn/execute-tool-calls.ts';
import { createTurnFixture, type TurnFixture, USER } from './turn-test-support.ts';

const SCHEMA = { type: 'object', properties: {} };
let fixture: TurnFixture;

function use(name: string, id: string, input: Record<string, unknown> = {}): ToolUseBlock {
  return { type: 'tool_use', id, name, input };
}

describe('executeToolCalls', () => {
  before(async () => {
    fixture = await createTurnFixture({
      settings: { toolTimeoutMs: 200 },
      extraTools: [
        { name: 'explode', description: 'Always throws.', inputSchema: SCHEMA, tags: ['test'] },
        { name: 'hang', description: 'Never answers.', inputSchema: SCHEMA, tags: ['test'] },
        { name: 'blank', description: 'Answers with nothing.', inputSchema: SCHEMA, tags: ['test'] },
        { name: 'orphan', description: 'Registered without a handler.', inputSchema: SCHEMA, tags: ['test'] },
      ],
      extraHandlers: new Map([
        ['explode', async () => {
          throw new Error('kaboom');
        }],
        ['hang', () => new Promise(() => {})],
        ['blank', async () => ({ status: 'error' as const, text: '  ' })],
      ]),
    });
  });
  after(() => fixture.close());

  it('answers every call exactly once, in call order, and never throws', async () => {
    const conversationId = await fixture.createConversation();
    const events: TurnEvent[] = [];
    const calls = [
      use('explode', 'tooluse_1'),
      use('hang', 'tooluse_2'),
      use('blank', 'tooluse_3'),
      use('orphan', 'tooluse_4'),
      use('nope', 'tooluse_5'),
      use('create_task', 'tooluse_6', { title: 7 }),
    ];
    const result = await executeToolCalls(fixture.deps, {
      userId: USER,
      conversationId,
      exposedAssets: new Set(),
      onEvent: (event) => events.push(event),
      offered: new Set(calls.map((call) => call.name)),
      turnKey: 'turn-key-1',
    }, calls);
    assert.deepEqual(result.results.map((block) => [block.toolUseId, block.status, block.text]), [
      ['tooluse_1', 'error', 'Tool explode failed unexpectedly.'],
      ['tooluse_2', 'error', 'Tool hang failed: no answer within 200 ms.'],
      ['tooluse_3', 'error', 'Tool blank failed.'],
      ['tooluse_4', 'error', 'Tool orphan has no handler configured in this deployment.'],
      ['tooluse_5', 'error', 'Tool nope is not available. Use one of the tools declared in this request.'],
      ['tooluse_6', 'error', result.results[5]?.text ?? ''],
    ]);
    assert.match(result.results[5]?.text ?? '', /invalid input for create_task: title/);
    assert.equal(events.length, 12);
    assert.deepEqual(result.firstExposures, []);
  });

  it('answers get_asset: first the text (an exposure), then the note, an unknown id as an error', async () => {
    const conversationId = await fixture.createConversation();
    const exposedAssets = new Set<string>();
    const context = {
      userId: USER,
      conversationId,
      exposedAssets,
      onEvent: () => {},
      offered: new Set(['get_asset']),
      turnKey: 'turn-key-1',
    };
    const first = await executeToolCalls(fixture.deps, context, [
      use('get_asset', 'tooluse_a1', { id: 'data_rules' }),
      use('get_asset', 'tooluse_a2', { id: 'data_rules' }),
      use('get_asset', 'tooluse_a3', { id: 'secrets' }),
    ]);
    assert.deepEqual(first.results.map((block) => block.status), ['success', 'success', 'error']);
    assert.equal(first.results[0]?.text, fixture.deps.content.assets.get('data_rules'));
    assert.match(first.results[1]?.text ?? '', /already provided/);
    assert.match(first.results[2]?.text ?? '', /Unknown asset id "secrets": valid ids: data_rules, response_style/);
    assert.deepEqual(first.firstExposures, [{ assetId: 'data_rules', toolUseId: 'tooluse_a1' }]);
    assert.deepEqual([...exposedAssets], ['data_rules']);
  });

  it('refuses a call of a tool the request did not offer: an error result and a log line, never an execution', async () => {
    const conversationId = await fixture.createConversation();
    const lines: { event: string; fields: Readonly<Record<string, unknown>> }[] = [];
    const logger = {
      level: 'info' as const,
      log: (_: string, event: string, fields: Readonly<Record<string, unknown>> = {}) => {
        lines.push({ event, fields });
      },
    };
    const deps = { ...fixture.deps, logger };
    const result = await executeToolCalls(deps, {
      userId: USER,
      conversationId,
      exposedAssets: new Set(),
      onEvent: () => {},
      offered: new Set(['clarify', 'find_tools', 'list_tasks']),
      turnKey: 'turn-key-1',
    }, [
      use('create_task', 'tooluse_r1', { title: 'Renew my passport' }),
      use('list_tasks', 'tooluse_r2'),
    ]);
    assert.equal(result.results[0]?.status, 'error');
    assert.match(
      result.results[0]?.text ?? '',
      /^Tool create_task is not offered in this request, so it was not run\. Call find_tools/,
    );
    assert.equal(result.results[1]?.status, 'success');
    assert.deepEqual(result.refused, ['create_task']);
    assert.deepEqual(lines.filter((line) => line.event === 'tool_refused').map((line) => line.fields['tool']), [
      'create_task',
    ]);
    const tasks = await fixture.database.read({ sql: 'SELECT COUNT(*) AS n FROM tasks', args: [] });
    assert.equal(Number(tasks.rows[0]?.['n']), 0, 'the refused create_task must not have run');
  });

  it('answers find_tools with one line per matching domain tool and reports what it found', async () => {
    const conversationId = await fixture.createConversation();
    const result = await executeToolCalls(fixture.deps, {
      userId: USER,
      conversationId,
      exposedAssets: new Set(),
      onEvent: () => {},
      offered: new Set(['find_tools']),
      turnKey: 'turn-key-1',
    }, [
      use('find_tools', 'tooluse_f1', { query: 'add an item to my reading list' }),
      use('find_tools', 'tooluse_f2', { query: '   ' }),
    ]);
    assert.equal(result.results[0]?.status, 'success');
    const lines = (result.results[0]?.text ?? '').split('\n');
    assert.ok(lines.length >= 3 && lines.length <= 5, `3-5 lines, got ${lines.length}`);
    assert.ok(lines.every((line) => /^[a-z_]+: \S/.test(line)), 'each line is `name: description`');
    assert.equal(lines[0]?.split(':')[0], 'add_reading_item');
    assert.deepEqual(result.found, lines.map((line) => line.split(':')[0]));
    assert.equal(result.results[1]?.status, 'error');
    assert.match(result.results[1]?.text ?? '', /find_tools needs a query/);
  });
});
