// Rebuilds testbench/fixtures/sgd/ from the Schema-Guided Dialogue train split (run by hand; tests only read the result).
// node --import tsx testbench/replay/build-sgd-fixture.ts --source <dstc8-schema-guided-dialogue/train> [--count 48]
// [--output <folder>] (default the fixture; another folder also gets the fixture's system-prompt.md, ready for the bench's
// --sgd-dir) [--variant-schema <sgd_x/data/v5/train/schema.json>] (the same dialogues under an SGD-X reworded schema:
// every service, intent and slot renamed, every description rewritten; needs --output)
import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { timeConversations, type UntimedConversation, type UntimedTurn } from './assign-timestamps.ts';
import { formatConversationsJsonl } from './conversation-format.ts';
import { summariseConversations } from './summarise-conversations.ts';
import { pairSchemas, renameDialogue, type SgdDialogue as Dialogue } from './rename-to-sgdx.ts';
import { sgdDomain, sgdToolName } from './sgd-names.ts';

const OUTPUT = 'testbench/fixtures/sgd';
/** A dialogue is taken while one of its services is in fewer than this many taken dialogues. */
const PER_SERVICE = 4;
/** Service results kept per call (the source lists up to 10 matches; the first ones are what the system offered). */
const MAX_RESULTS = 5;

type Slot = { name: string; description: string; is_categorical: boolean; possible_values: string[] };
type Intent = {
  name: string;
  description: string;
  required_slots: string[];
  optional_slots: Record<string, string>;
};
type Service = { service_name: string; description: string; slots: Slot[]; intents: Intent[] };

function toTools(services: readonly Service[]) {
  return services.flatMap((service) =>
    service.intents.map((intent) => {
      const slots = new Map(service.slots.map((slot) => [slot.name, slot]));
      const properties = Object.fromEntries(
        [...intent.required_slots, ...Object.keys(intent.optional_slots)].map((name) => {
          const slot = slots.get(name);
          const fallback = intent.optional_slots[name];
          const description = `${slot?.description ?? name}${fallback === undefined ? '' : ` (default ${fallback})`}`;
          return [
            name,
            slot?.is_categorical === true && slot.possible_values.length > 0
              ? { type: 'string', description, enum: slot.possible_values }
              : { type: 'string', description },
          ];
        }),
      );
      return {
        name: sgdToolName(service.service_name, intent.name),
        description: `${intent.description}. ${service.description}.`,
        inputSchema: { type: 'object', properties, required: intent.required_slots },
        tags: [sgdDomain(service.service_name)],
      };
    })
  ).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function toConversation(dialogue: Dialogue): UntimedConversation {
  const turns: UntimedTurn[] = [];
  dialogue.turns.forEach((turn, index) => {
    if (turn.speaker === 'USER') {
      turns.push({ role: 'user', text: turn.utterance });
      return;
    }
    const calls = turn.frames.flatMap((frame, position) =>
      frame.service_call === undefined ? [] : [{
        id: `sgd_${dialogue.dialogue_id}_${index}_${position}`,
        name: sgdToolName(frame.service, frame.service_call.method),
        input: frame.service_call.parameters,
        output: JSON.stringify((frame.service_results ?? []).slice(0, MAX_RESULTS)),
      }]
    );
    if (calls.length > 0) {
      turns.push({ role: 'assistant', toolCalls: calls.map(({ id, name, input }) => ({ id, name, input })) });
      turns.push({ role: 'tool', toolResults: calls.map(({ id, output }) => ({ toolCallId: id, output })) });
    }
    turns.push({ role: 'assistant', text: turn.utterance });
  });
  return {
    id: `sgd-${dialogue.dialogue_id}`,
    source: 'dstc8-schema-guided-dialogue train',
    systemFile: 'system-prompt.md',
    meta: { dialogueId: dialogue.dialogue_id, services: dialogue.services },
    turns,
  };
}

const { values } = parseArgs({
  options: {
    source: { type: 'string' },
    count: { type: 'string' },
    output: { type: 'string' },
    'variant-schema': { type: 'string' },
  },
});
if (values.source === undefined) throw new Error('--source <dstc8-schema-guided-dialogue/train folder> is required');
const variantFile = values['variant-schema'];
if (variantFile !== undefined && values.output === undefined) {
  throw new Error('--variant-schema needs --output: the committed fixture keeps the original schema');
}
const count = Number(values.count ?? 48);
const sourceServices = JSON.parse(await readFile(join(values.source, 'schema.json'), 'utf8')) as Service[];
const variantServices = variantFile === undefined
  ? undefined
  : JSON.parse(await readFile(variantFile, 'utf8')) as Service[];
const pairs = variantServices === undefined ? undefined : pairSchemas(sourceServices, variantServices);
const services = variantServices ?? sourceServices;
const files = (await readdir(values.source)).filter((name) => /^dialogues_\d+\.json$/.test(name)).sort();
const candidates: Dialogue[] = [];
for (const file of files) {
  const read = JSON.parse(await readFile(join(values.source, file), 'utf8')) as Dialogue[];
  const dialogues = pairs === undefined ? read : read.map((dialogue) => renameDialogue(dialogue, pairs));
  for (const dialogue of dialogues) {
    const calls = dialogue.turns.some((turn) => turn.frames.some((frame) => frame.service_call !== undefined));
    if (dialogue.services.length >= 2 && calls) candidates.push(dialogue);
  }
}
// First the dialogues that bring a service no taken dialogue has, then any whose services are still rare: many services.
const taken: Dialogue[] = [];
const uses = new Map<string, number>();
for (const limit of [1, PER_SERVICE]) {
  for (const dialogue of candidates) {
    if (taken.length >= count || taken.includes(dialogue)) continue;
    if (!dialogue.services.some((service) => (uses.get(service) ?? 0) < limit)) continue;
    taken.push(dialogue);
    for (const service of dialogue.services) uses.set(service, (uses.get(service) ?? 0) + 1);
  }
}
taken.sort((a, b) => candidates.indexOf(a) - candidates.indexOf(b));
const conversations = timeConversations(taken.map(toConversation), {
  startAt: Date.parse('2024-03-04T09:00:00.000Z'),
});
const output = values.output ?? OUTPUT;
await mkdir(output, { recursive: true });
await writeFile(join(output, 'conversations.jsonl'), formatConversationsJsonl(conversations));
await writeFile(join(output, 'tools.json'), `${JSON.stringify(toTools(services), null, 1)}\n`);
if (output !== OUTPUT) await copyFile(join(OUTPUT, 'system-prompt.md'), join(output, 'system-prompt.md'));
const { toolUse, ...summary } = summariseConversations(conversations);
console.log(JSON.stringify({ ...summary, services: uses.size, topTools: toolUse.slice(0, 5) }));
