import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ModelCaller } from '../../src/bedrock/call-model.ts';
import type { ContentBlock, PromptRequest } from '../../src/pipeline/types/index.ts';
import { createSimulator } from '../simulator/index.ts';
import { createScriptedModel, FIND_TOOLS_NAME, intentQuery } from './create-scripted-model.ts';
import { groupExchanges } from './group-exchanges.ts';
import { createWeatherConversation } from './replay-fixtures.test-support.ts';

const MAIN = 'us.anthropic.claude-sonnet-4-5-20250929-v1:0';
const CHEAP = 'us.anthropic.claude-haiku-4-5-20251001-v1:0';
const USAGE = { inputTokens: 1, outputTokens: 1, cacheReadInputTokens: 0, cacheWriteInputTokens: 0 };

/** A model caller that answers with what the simulator's script holds for the request, as the simulator would. */
function createScriptReader(simulator: ReturnType<typeof createSimulator>): ModelCaller {
  const answer = (request: PromptRequest) => {
    const item = simulator.script.take(request.modelId);
    const content: ContentBlock[] = [];
    if (item?.text !== undefined) content.push({ type: 'text', text: item.text });
    for (const [index, use] of (item?.toolUses ?? []).entries()) {
      content.push({
        type: 'tool_use',
        id: use.id ?? `generated_${index}`,
        name: use.name,
        input: use.input as Record<string, unknown>,
      });
    }
    if (content.length === 0) content.push({ type: 'text', text: 'Simulated reply.' });
    return Promise.resolve({ content, stopReason: 'end_turn' as const, usage: USAGE });
  };
  return { converse: answer, converseStream: answer, countTokens: () => Promise.resolve(1) };
}

function request(tools: readonly string[], modelId = MAIN): PromptRequest {
  return {
    modelId,
    tools: tools.map((name) => ({ name, description: `${name} tool`, inputSchema: { type: 'object' } })),
    system: [{ type: 'text', text: 'You are a weather desk.' }],
    messages: [{ role: 'user', content: [{ type: 'text', text: 'hello' }] }],
    maxTokens: 100,
  };
}

/** The selector's request as the service sends it: the cheap model must pick from the shortlist. */
function selectorRequest(shortlist: readonly string[]): PromptRequest {
  return {
    ...request([], CHEAP),
    tools: [{
      name: 'select_tools',
      description: 'Record the tools needed for the latest user message.',
      inputSchema: {
        type: 'object',
        properties: { tools: { type: 'array', items: { type: 'string', enum: shortlist } } },
        required: ['tools'],
      },
    }],
    toolChoice: { type: 'tool', name: 'select_tools' },
  };
}

function toolUses(content: readonly ContentBlock[]) {
  return content.flatMap((block) => (block.type === 'tool_use' ? [{ name: block.name, input: block.input }] : []));
}

// Exchange 0 of the weather conversation: "Weather in Paris and Rome?" → two get_weather calls, then a final text.
const [paris, rome] = groupExchanges(createWeatherConversation());

describe('createScriptedModel', () => {
  it('makes the recorded calls when the request offers their tools: offered on the first try', async () => {
    const simulator = createSimulator();
    const model = createScriptedModel(createScriptReader(simulator), { simulator, mainModelId: MAIN });
    model.begin(paris!);
    const first = await model.caller.converseStream(request(['clarify', 'get_weather']));
    assert.deepEqual(toolUses(first.content), [
      { name: 'get_weather', input: { city: 'Paris' } },
      { name: 'get_weather', input: { city: 'Rome' } },
    ]);
    const last = await model.caller.converseStream(request(['clarify', 'get_weather']));
    assert.deepEqual(last.content, [{ type: 'text', text: 'Rome is 25 °C; Paris did not answer.' }]);
    const { verdicts, stepsLeft } = model.finish();
    assert.deepEqual(verdicts.map((verdict) => verdict.verdict), ['offered', 'offered']);
    assert.equal(stepsLeft, 0);
  });

  it('never calls a tool the request did not offer: without find_tools the call is a miss and the step is skipped', async () => {
    const simulator = createSimulator();
    const missed: string[] = [];
    const model = createScriptedModel(createScriptReader(simulator), {
      simulator,
      mainModelId: MAIN,
      onMiss: (name) => missed.push(name),
    });
    model.begin(rome!);
    const reply = await model.caller.converseStream(request(['clarify', 'get_weather']));
    assert.deepEqual(toolUses(reply.content), [], 'lookup_city was not offered: the model cannot call it');
    assert.deepEqual(reply.content, [{ type: 'text', text: 'Rome is in Italy, at 41.9° N, 12.5° E.' }]);
    const { verdicts } = model.finish();
    assert.deepEqual(verdicts, [{
      name: 'lookup_city',
      step: 0,
      verdict: 'missed',
      reason: 'no-find-tools',
      offered: ['clarify', 'get_weather'],
      selection: 'no-selector-call',
    }]);
    assert.deepEqual(missed, ['lookup_city'], 'the replay is told to drop its recorded output');
  });

  it('searches once with the user’s own words, then makes the call when the next request offers it: recovered', async () => {
    const simulator = createSimulator();
    const model = createScriptedModel(createScriptReader(simulator), { simulator, mainModelId: MAIN });
    model.begin(rome!);
    const search = await model.caller.converseStream(request(['clarify', FIND_TOOLS_NAME, 'get_weather']));
    assert.deepEqual(toolUses(search.content), [{ name: FIND_TOOLS_NAME, input: { query: 'Where is Rome exactly?' } }]);
    // The selector and summariser (cheap model) are never scripted.
    await model.caller.converse(request(['select_tools'], CHEAP));
    const call = await model.caller.converseStream(request(['clarify', FIND_TOOLS_NAME, 'lookup_city']));
    assert.deepEqual(toolUses(call.content), [{ name: 'lookup_city', input: { name: 'Rome' } }]);
    const { verdicts } = model.finish();
    assert.equal(verdicts[0]?.verdict, 'recovered');
    assert.deepEqual(verdicts[0]?.offered, ['clarify', FIND_TOOLS_NAME, 'get_weather'], 'the list when first due');
  });

  it('tells how the list that lacked a call was chosen: by no selector call, from a shortlist without it, or with it', async () => {
    const judge = async (shortlists: readonly (readonly string[])[]) => {
      const simulator = createSimulator();
      const model = createScriptedModel(createScriptReader(simulator), { simulator, mainModelId: MAIN });
      model.begin(rome!);
      for (const shortlist of shortlists) await model.caller.converse(selectorRequest(shortlist));
      await model.caller.converseStream(request(['clarify', 'get_weather']));
      return model.finish().verdicts.map((verdict) => verdict.selection);
    };
    assert.deepEqual(await judge([]), ['no-selector-call']);
    assert.deepEqual(await judge([['get_weather', 'get_forecast']]), ['not-shortlisted']);
    assert.deepEqual(await judge([['get_weather'], ['get_weather', 'lookup_city']]), ['not-picked']);
    // An offered call is not judged, and a new turn starts with no shortlist.
    const simulator = createSimulator();
    const model = createScriptedModel(createScriptReader(simulator), { simulator, mainModelId: MAIN });
    model.begin(rome!);
    await model.caller.converse(selectorRequest(['lookup_city']));
    await model.caller.converseStream(request(['clarify', 'lookup_city']));
    assert.deepEqual(model.finish().verdicts.map((verdict) => verdict.selection), [undefined]);
    model.begin(rome!);
    await model.caller.converseStream(request(['clarify']));
    assert.deepEqual(model.finish().verdicts.map((verdict) => verdict.selection), ['no-selector-call']);
  });

  it('counts a miss when the search did not bring the tool, and does not search twice in a turn', async () => {
    const simulator = createSimulator();
    const model = createScriptedModel(createScriptReader(simulator), { simulator, mainModelId: MAIN });
    model.begin(rome!);
    await model.caller.converseStream(request([FIND_TOOLS_NAME, 'get_weather']));
    const after = await model.caller.converseStream(request([FIND_TOOLS_NAME, 'get_weather']));
    assert.deepEqual(toolUses(after.content), []);
    assert.deepEqual(model.finish().verdicts.map((verdict) => [verdict.verdict, verdict.reason]), [[
      'missed',
      'not-found',
    ]]);
  });

  it('counts the calls of steps the turn never reached as misses', async () => {
    const simulator = createSimulator();
    const missed: string[] = [];
    const model = createScriptedModel(createScriptReader(simulator), {
      simulator,
      mainModelId: MAIN,
      onMiss: (name) => missed.push(name),
    });
    model.begin(paris!);
    const { verdicts, stepsLeft } = model.finish();
    assert.deepEqual(verdicts.map((verdict) => [verdict.verdict, verdict.reason]), [
      ['missed', 'not-reached'],
      ['missed', 'not-reached'],
    ]);
    assert.equal(stepsLeft, 2);
    assert.deepEqual(missed, ['get_weather', 'get_weather']);
  });

  it('searches once per missing call, at most twice a turn: a third missing tool is a miss whose searches were spent', async () => {
    const simulator = createSimulator();
    const model = createScriptedModel(createScriptReader(simulator), {
      simulator,
      mainModelId: MAIN,
      query: 'intent',
      tagsOf: (name) => (name === 'add_note' ? ['notes'] : ['weather']),
    });
    const at = '2024-05-15T21:00:00.000Z';
    const call = (id: string, name: string) => ({
      reply: { at, role: 'assistant' as const, toolCalls: [{ id, name, input: {} }] },
    });
    model.begin({
      user: { at, role: 'user', text: 'Yes, please.' },
      steps: [call('c1', 'lookup_city'), call('c2', 'weather_get_weather'), call('c3', 'add_note'), {
        reply: { at, role: 'assistant', text: 'Done.' },
      }],
      complete: true,
    });
    const queries: unknown[] = [];
    const send = async (tools: readonly string[]) => {
      const reply = await model.caller.converseStream(request([FIND_TOOLS_NAME, ...tools]));
      for (const use of toolUses(reply.content)) if (use.name === FIND_TOOLS_NAME) queries.push(use.input['query']);
      return reply;
    };
    await send([]);
    assert.deepEqual(toolUses((await send(['lookup_city'])).content).map((use) => use.name), ['lookup_city']);
    await send(['lookup_city']);
    assert.deepEqual(toolUses((await send(['weather_get_weather'])).content).map((use) => use.name), [
      'weather_get_weather',
    ]);
    const last = await send(['weather_get_weather']);
    assert.deepEqual(last.content, [{ type: 'text', text: 'Done.' }], 'no third search');
    assert.deepEqual(queries, ['lookup city', 'get weather'], 'the action words, the tag prefix dropped');
    assert.deepEqual(model.finish().verdicts.map((verdict) => [verdict.name, verdict.verdict, verdict.reason]), [
      ['lookup_city', 'recovered', undefined],
      ['weather_get_weather', 'recovered', undefined],
      ['add_note', 'missed', 'search-spent'],
    ]);
  });
});

describe('intentQuery', () => {
  it('keeps a tool name’s action words and drops the provider or catalogue prefix', () => {
    assert.equal(intentQuery('hotels_1_reserve_hotel', ['hotels']), 'reserve hotel');
    assert.equal(intentQuery('airline_list_all_airports', ['airline']), 'list all airports');
    assert.equal(intentQuery('get_user_details', ['airline']), 'get user details');
    assert.equal(intentQuery('displayCarStatus', ['VehicleControlAPI']), 'display car status');
    assert.equal(intentQuery('weather', ['weather']), 'weather', 'never empty');
  });
});
