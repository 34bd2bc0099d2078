import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { lookupModelFacts, validateConverse } from '../simulator/index.ts';
import {
  BASELINE_KINDS,
  type BaselineKind,
  buildBaselineRequest,
  cutWindow,
  type WireToolSpec,
} from './build-baseline-request.ts';
import { listRecordedCalls, type WireMessage } from './list-recorded-calls.ts';
import { loadConversationsFile } from './load-conversations-file.ts';
import { createWeatherConversation, WEATHER_SYSTEM, WEATHER_TOOLS } from './replay-fixtures.test-support.ts';

const FACTS = lookupModelFacts('anthropic.claude-sonnet-4-5');
const TOOLS: WireToolSpec[] = WEATHER_TOOLS.map((tool) => ({
  name: tool.name,
  description: tool.description,
  inputSchema: { json: tool.inputSchema },
}));
const TAU_FILE = fileURLToPath(new URL('../fixtures/tau-airline/conversations.jsonl', import.meta.url));
const TAU_TOOLS = fileURLToPath(new URL('../fixtures/tau-airline/tools.json', import.meta.url));

type Body = { messages: WireMessage[]; system?: Record<string, unknown>[]; toolConfig?: { tools: unknown[] } };

function cachePointPlaces(body: Body): string[] {
  const places: string[] = [];
  body.system?.forEach((block, index) => 'cachePoint' in block && places.push(`system.${index}`));
  body.messages.forEach((message, messageIndex) =>
    message.content.forEach((block, index) => 'cachePoint' in block && places.push(`messages.${messageIndex}.${index}`))
  );
  return places;
}

function build(kind: BaselineKind, history: readonly WireMessage[]): Body {
  return buildBaselineRequest({ kind, system: WEATHER_SYSTEM, tools: TOOLS, history, maxTokens: 16 }) as Body;
}

describe('buildBaselineRequest', () => {
  const calls = listRecordedCalls(createWeatherConversation());
  const last = calls.at(-1)?.history ?? [];

  it('sends the full history and every tool; (a) has no cache point, (b) one at the end of the history', () => {
    const naive = build('naive', last);
    assert.deepEqual(naive.messages, last);
    assert.deepEqual(naive.system, [{ text: WEATHER_SYSTEM }]);
    assert.deepEqual(naive.toolConfig?.tools, TOOLS.map((toolSpec) => ({ toolSpec })));
    assert.deepEqual(cachePointPlaces(naive), []);
    const cached = build('naive-cached', last);
    assert.deepEqual(cachePointPlaces(cached), [`messages.${last.length - 1}.${(last.at(-1)?.content.length ?? 0)}`]);
    assert.deepEqual(cached.messages.slice(0, -1), last.slice(0, -1));
  });

  it('(c) keeps at most 12 messages from a safe start, with cache points after the system prompt and at the end', () => {
    const window = build('window-cached', last);
    assert.equal(last.length, 11);
    assert.deepEqual(window.messages.slice(0, -1), last.slice(0, -1));
    const longer = [...last.slice(0, 8), { role: 'user', content: [{ text: 'More?' }] }, {
      role: 'assistant',
      content: [{ text: 'Sure.' }],
    }, ...last.slice(8)] as WireMessage[];
    const cut = build('window-cached', longer);
    assert.ok(cut.messages.length <= 12, `${cut.messages.length} messages`);
    assert.deepEqual(cut.messages[0], { role: 'user', content: [{ text: 'Where is Rome exactly?' }] });
    assert.deepEqual(cachePointPlaces(window), [
      'system.1',
      `messages.${window.messages.length - 1}.${(last.at(-1)?.content.length ?? 0)}`,
    ]);
  });

  it('never mutates the history it is given', () => {
    const before = JSON.stringify(last);
    for (const kind of BASELINE_KINDS) build(kind, last);
    assert.equal(JSON.stringify(last), before);
  });

  it('builds requests the simulator accepts for every call of the first 30 tau-airline conversations', async () => {
    const { conversations } = await loadConversationsFile(TAU_FILE);
    const { readFile } = await import('node:fs/promises');
    const manifest = JSON.parse(await readFile(TAU_TOOLS, 'utf8')) as {
      name: string;
      description: string;
      inputSchema: Record<string, unknown>;
    }[];
    const tools = manifest.map((tool) => ({
      name: tool.name,
      description: tool.description,
      inputSchema: { json: tool.inputSchema },
    }));
    let checked = 0;
    for (const conversation of conversations.slice(0, 30)) {
      for (const call of listRecordedCalls(conversation)) {
        for (const kind of BASELINE_KINDS) {
          const body = buildBaselineRequest({
            kind,
            system: conversation.system ?? '',
            tools,
            history: call.history,
            maxTokens: 16,
          });
          const result = validateConverse(body, { facts: FACTS, checkContextWindow: false });
          assert.ok(
            result.ok,
            result.ok ? '' : `${conversation.id} call ${call.exchange}.${call.step} ${kind}: ${result.error.message}`,
          );
          checked += 1;
        }
      }
    }
    assert.ok(checked > 300, `checked ${checked}`);
  });
});

describe('cutWindow', () => {
  const user = (text: string): WireMessage => ({ role: 'user', content: [{ text }] });
  const assistantCall = (id: string): WireMessage => ({
    role: 'assistant',
    content: [{ toolUse: { toolUseId: id, name: 't', input: {} } }],
  });
  const result = (id: string): WireMessage => ({
    role: 'user',
    content: [{ toolResult: { toolUseId: id, content: [{ text: 'r' }] } }],
  });

  it('moves the start forward past tool results whose call was cut off', () => {
    const history = [
      user('u1'),
      assistantCall('a'),
      result('a'),
      { role: 'assistant', content: [{ text: 'ok' }] } as WireMessage,
      user('u2'),
    ];
    assert.deepEqual(cutWindow(history, 3), [user('u2')]);
    assert.deepEqual(cutWindow(history, 5), history);
  });

  it('moves back to the nearest safe start when the window holds none', () => {
    const history = [
      user('u1'),
      assistantCall('a'),
      result('a'),
      assistantCall('b'),
      result('b'),
      assistantCall('c'),
      result('c'),
    ];
    assert.deepEqual(cutWindow(history, 4), history);
  });
});
