// Rebuilds testbench/fixtures/tau-airline/ from a tau-bench snapshot (run by hand; tests only read the result).
// node --import tsx testbench/replay/build-tau-airline-fixture.ts --source <tau-bench folder> [--max-bytes 2200000]
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { convertOpenAiTools } from './convert-openai-tools.ts';
import { formatConversationsJsonl } from './conversation-format.ts';
import { importOpenAiLog } from './import-openai-log.ts';
import { keepWithinBytes } from './run-import-cli.ts';
import { summariseConversations } from './summarise-conversations.ts';

/**
 * Renames that keep one registry's names unique: `list_all_airports` and `get_order_details` also exist in the BFCL
 * catalogue (testbench/fixtures/bfcl/tools.json); `get_user_details` and `think` differ between airline and retail.
 */
const AIRLINE_RENAMES = { list_all_airports: 'airline_list_all_airports' } as const;
const RETAIL_RENAMES = {
  get_order_details: 'retail_get_order_details',
  get_user_details: 'retail_get_user_details',
  think: 'retail_think',
} as const;
const OUTPUT = 'testbench/fixtures/tau-airline';
/** tau-bench's user simulator ends a dialogue with this token; real users never type it. */
const STOP_MARKER = '###STOP###';

const { values } = parseArgs({ options: { source: { type: 'string' }, 'max-bytes': { type: 'string' } } });
if (values.source === undefined) throw new Error('--source <tau-bench folder> is required');
const policy = await readFile(join(values.source, 'airline_policy_wiki.md'), 'utf8');
const catalogue = JSON.parse(await readFile(join(values.source, 'derived/tools.json'), 'utf8')) as {
  airline: unknown[];
  retail: unknown[];
};
const manifest = convertOpenAiTools([
  { tag: 'airline', tools: catalogue.airline, rename: AIRLINE_RENAMES },
  { tag: 'retail', tools: catalogue.retail, rename: RETAIL_RENAMES },
]);
if (!manifest.ok) throw new Error(manifest.errors.join('\n'));
const airlineTools = manifest.tools.filter((tool) => tool.tags.includes('airline')).map((tool) => tool.name);

// Trial 0 of every task first, then trial 1…: a size cut or a chained session then covers many different tasks.
const results = JSON.parse(await readFile(join(values.source, 'gpt-4o-airline.json'), 'utf8')) as {
  task_id: number;
  trial: number;
}[];
const ordered = [...results].sort((a, b) => a.trial - b.trial || a.task_id - b.task_id);
const imported = importOpenAiLog(ordered, {
  idPrefix: 'tau-airline',
  source: 'tau-bench historical_trajectories/gpt-4o-airline.json',
  startAt: Date.parse('2024-05-15T20:00:00.000Z'),
  tools: airlineTools,
  renameTools: AIRLINE_RENAMES,
  stripMarkers: [STOP_MARKER],
  systemFile: { path: 'system-prompt.md', text: policy },
});
if (imported.problems.length > 0) throw new Error(imported.problems.map((p) => `${p.where}: ${p.message}`).join('\n'));
const kept = keepWithinBytes(imported.conversations, Number(values['max-bytes'] ?? Number.POSITIVE_INFINITY));
await mkdir(OUTPUT, { recursive: true });
await writeFile(join(OUTPUT, 'conversations.jsonl'), formatConversationsJsonl(kept));
await writeFile(join(OUTPUT, 'system-prompt.md'), policy);
await writeFile(join(OUTPUT, 'tools.json'), `${JSON.stringify(manifest.tools, null, 1)}\n`);
const { toolUse, ...summary } = summariseConversations(kept);
console.log(
  JSON.stringify({
    ...summary,
    notes: imported.notes.length,
    tools: manifest.tools.length,
    topTools: toolUse.slice(0, 5),
  }),
);
