// Rebuilds testbench/fixtures/locomo/everyday.jsonl: long everyday conversations that need no tool, for the replay
// (run by hand; tests only read the result).
// node --import tsx testbench/replay/build-everyday-fixture.ts --source <LoCoMo data/locomo10.json> [--per-half 2]
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { importLocomo } from '../memory-eval/import-locomo.ts';
import { toReplayConversation } from '../memory-eval/to-replay-conversation.ts';
import { formatConversationsJsonl } from './conversation-format.ts';
import { splitHalves } from './split-halves.ts';
import { summariseConversations } from './summarise-conversations.ts';

const OUTPUT = 'testbench/fixtures/locomo/everyday.jsonl';

const { values } = parseArgs({ options: { source: { type: 'string' }, 'per-half': { type: 'string' } } });
if (values.source === undefined) throw new Error('--source <LoCoMo data/locomo10.json> is required');
const perHalf = Number(values['per-half'] ?? 2);
const samples = JSON.parse(await readFile(values.source, 'utf8')) as { sample_id: string }[];
// The first conversations of each half, in the source's order: every session of each (weeks to months of chat).
const halves = splitHalves(samples.map((sample) => sample.sample_id), (id) => id);
const sampleIds = [...halves.tuning.slice(0, perHalf), ...halves['held-out'].slice(0, perHalf)];
const imported = importLocomo(samples, { sampleIds });
if (imported.problems.length > 0) throw new Error(imported.problems.map((p) => `${p.where}: ${p.message}`).join('\n'));
const conversations = imported.conversations.map((memory) => ({
  ...toReplayConversation({ ...memory, questions: [] }).conversation,
  id: `everyday-${memory.id}`,
  source: 'LoCoMo data/locomo10.json (every session, no questions)',
  systemFile: 'everyday-system-prompt.md',
  meta: { sampleId: memory.id },
}));
await writeFile(OUTPUT, formatConversationsJsonl(conversations));
const { toolUse: _toolUse, ...summary } = summariseConversations(conversations);
console.log(JSON.stringify({ ...summary, sampleIds }));
