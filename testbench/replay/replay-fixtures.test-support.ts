// Small conversations and tool manifests for the replay harness's tests (test support only).
import type { Conversation } from './conversation-format.ts';
import { parseConversation } from './conversation-format.ts';

export const WEATHER_SYSTEM = `You are a weather desk. ${
  'Answer briefly, cite the station, and never guess a temperature you were not given. '.repeat(30)
}`;

export const WEATHER_TOOLS = [
  {
    name: 'get_weather',
    description: 'Current weather for a city: temperature in °C and the station that measured it.',
    inputSchema: {
      type: 'object',
      properties: { city: { type: 'string', description: 'City name, e.g. Paris.' } },
      required: ['city'],
    },
    tags: ['weather'],
  },
  {
    name: 'lookup_city',
    description: 'Finds a city by name and returns its country and coordinates.',
    inputSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    tags: ['weather'],
  },
];

/**
 * Three user turns: one with parallel tool calls (one error result), one plain exchange, and a trailing "thanks" with
 * no recorded reply (incomplete), plus one more after a 40-minute pause.
 */
export function createWeatherConversation(id = 'weather-1'): Conversation {
  const parsed = parseConversation({
    id,
    system: WEATHER_SYSTEM,
    tools: ['get_weather', 'lookup_city'],
    turns: [
      { at: '2024-05-15T20:00:00.000Z', role: 'user', text: 'Weather in Paris and Rome?' },
      {
        at: '2024-05-15T20:00:03.120Z',
        role: 'assistant',
        text: 'Checking both.',
        toolCalls: [
          { id: 'call_1', name: 'get_weather', input: { city: 'Paris' } },
          { id: 'call_2', name: 'get_weather', input: { city: 'Rome' } },
        ],
      },
      {
        at: '2024-05-15T20:00:03.610Z',
        role: 'tool',
        toolResults: [
          { toolCallId: 'call_2', output: '{"tempC":25,"station":"Roma Urbe"}' },
          { toolCallId: 'call_1', output: 'Error: station offline', isError: true },
        ],
      },
      { at: '2024-05-15T20:00:06.900Z', role: 'assistant', text: 'Rome is 25 °C; Paris did not answer.' },
      { at: '2024-05-15T20:01:10.000Z', role: 'user', text: 'Where is Rome exactly?' },
      {
        at: '2024-05-15T20:01:12.000Z',
        role: 'assistant',
        toolCalls: [{ id: 'call_3', name: 'lookup_city', input: { name: 'Rome' } }],
      },
      {
        at: '2024-05-15T20:01:12.500Z',
        role: 'tool',
        toolResults: [{ toolCallId: 'call_3', output: '{"country":"IT","lat":41.9,"lon":12.5}' }],
      },
      { at: '2024-05-15T20:01:14.400Z', role: 'assistant', text: 'Rome is in Italy, at 41.9° N, 12.5° E.' },
      { at: '2024-05-15T20:02:00.000Z', role: 'user', text: 'Thanks!' },
      { at: '2024-05-15T20:42:00.000Z', role: 'user', text: 'And the weather in Rome now?' },
      {
        at: '2024-05-15T20:42:02.000Z',
        role: 'assistant',
        toolCalls: [{ id: 'call_4', name: 'get_weather', input: { city: 'Rome' } }],
      },
      {
        at: '2024-05-15T20:42:02.300Z',
        role: 'tool',
        toolResults: [{ toolCallId: 'call_4', output: '{"tempC":27,"station":"Roma Urbe"}' }],
      },
      { at: '2024-05-15T20:42:04.000Z', role: 'assistant', text: 'Rome is 27 °C now.' },
    ],
  });
  if (!parsed.ok) throw new Error(`test conversation is invalid: ${parsed.message}`);
  return parsed.conversation;
}

/** Weather plus nine tools of two other domains: the selection offers only some of them on a request. */
export const MIXED_TOOLS = [
  ...WEATHER_TOOLS,
  ...[
    ['add_note', 'Adds a note with a title and text to the user notebook.'],
    ['list_notes', 'Lists the notes in the user notebook, newest first.'],
    ['delete_note', 'Deletes a note from the user notebook by its id.'],
    ['search_notes', 'Searches the notes in the user notebook for words.'],
    ['update_note', 'Changes the title or text of a note in the user notebook.'],
  ].map(([name, description]) => ({
    name: name ?? '',
    description: description ?? '',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
    tags: ['notes'],
  })),
  ...[
    ['create_event', 'Creates a calendar event with a start time and a title.'],
    ['list_events', 'Lists the calendar events of a day.'],
    ['move_event', 'Moves a calendar event to another start time.'],
    ['cancel_event', 'Cancels a calendar event by its id.'],
  ].map(([name, description]) => ({
    name: name ?? '',
    description: description ?? '',
    inputSchema: { type: 'object', properties: { when: { type: 'string' } } },
    tags: ['calendar'],
  })),
];

/**
 * Two exchanges about notes whose recordings call a weather tool the words do not point to (the selection will not
 * offer it), then one asking for the weather (it will): a miss must not take the later call's recorded output.
 */
/** A general assistant's instructions: they lean to no domain of the catalogue (a weather desk's lean to weather). */
const ASSISTANT_SYSTEM = `You are a personal assistant. ${
  'Answer briefly, say where a figure came from, and never guess what you were not told. '.repeat(30)
}`;

export function createMissedToolConversation(id = 'notes-1'): Conversation {
  const parsed = parseConversation({
    id,
    system: ASSISTANT_SYSTEM,
    turns: [
      {
        at: '2024-05-15T20:00:00.000Z',
        role: 'user',
        text: 'Add a note to my notebook titled Trip with the text: pack light.',
      },
      {
        at: '2024-05-15T20:00:02.000Z',
        role: 'assistant',
        toolCalls: [{ id: 'call_1', name: 'get_weather', input: { city: 'Oslo' } }],
      },
      { at: '2024-05-15T20:00:02.500Z', role: 'tool', toolResults: [{ toolCallId: 'call_1', output: '{"tempC":3}' }] },
      { at: '2024-05-15T20:00:04.000Z', role: 'assistant', text: 'Noted, and Oslo is 3 °C: pack a coat.' },
      { at: '2024-05-15T20:01:00.000Z', role: 'user', text: 'What is the current weather in Rome, in °C?' },
      {
        at: '2024-05-15T20:01:02.000Z',
        role: 'assistant',
        toolCalls: [{ id: 'call_2', name: 'get_weather', input: { city: 'Rome' } }],
      },
      { at: '2024-05-15T20:01:02.500Z', role: 'tool', toolResults: [{ toolCallId: 'call_2', output: '{"tempC":27}' }] },
      { at: '2024-05-15T20:01:04.000Z', role: 'assistant', text: 'Rome is 27 °C.' },
    ],
  });
  if (!parsed.ok) throw new Error(`test conversation is invalid: ${parsed.message}`);
  return parsed.conversation;
}
