// `npm run import:memory -- --from locomo|replay --input <file> --output <file.jsonl> [--sessions N] [--samples id,id]
// [--chain N] [--split <name>=<id,id>]...`: conversations into the memory-eval format (docs/memory-eval-format.md).
import { readFile, writeFile } from 'node:fs/promises';
import { importLocomo, type ImportLocomoResult } from '../testbench/memory-eval/import-locomo.ts';
import { chainReplayConversations } from '../testbench/memory-eval/chain-replay-conversations.ts';
import { loadConversationsFile } from '../testbench/replay/index.ts';

/** Replay conversations (the first `limit`) chained `perChain` at a time; bad lines are problems. */
async function importReplay(path: string, perChain: number, limit: number): Promise<ImportLocomoResult> {
  const loaded = await loadConversationsFile(path);
  const conversations = chainReplayConversations(loaded.conversations.slice(0, limit), {
    perChain,
    idPrefix: 'chain',
    source: path,
  });
  return {
    conversations,
    problems: loaded.errors.map((error) => ({ where: `${path}:${error.line}`, message: error.message })),
    notes: [],
  };
}

const USAGE = 'Usage: npm run import:memory -- --from locomo|replay --input <file> --output <file.jsonl> ' +
  '[--sessions <first N sessions>] [--samples <id,id>] [--chain <replay conversations per chain>] ' +
  '[--limit <replay conversations>] [--split <name>=<id,id>]...';

function parse(argv: readonly string[]): Map<string, string[]> | string {
  const values = new Map<string, string[]>();
  for (let index = 0; index < argv.length; index += 2) {
    const name = argv[index] ?? '';
    const value = argv[index + 1];
    if (!['--from', '--input', '--output', '--sessions', '--samples', '--split', '--chain', '--limit'].includes(name)) {
      return `unknown argument "${name}"`;
    }
    if (value === undefined || value.startsWith('--')) return `${name} needs a value`;
    values.set(name, [...(values.get(name) ?? []), value]);
  }
  return values;
}

async function main(): Promise<number> {
  const values = parse(process.argv.slice(2));
  const one = (name: string) => (typeof values === 'string' ? undefined : values.get(name)?.at(-1));
  const from = one('--from');
  if (
    typeof values === 'string' || (from !== 'locomo' && from !== 'replay') || one('--input') === undefined ||
    !one('--output')
  ) {
    process.stderr.write(`import:memory: ${typeof values === 'string' ? values : 'bad arguments'}\n${USAGE}\n`);
    return 2;
  }
  const sessions = one('--sessions') === undefined ? undefined : Number(one('--sessions'));
  if (sessions !== undefined && !(Number.isInteger(sessions) && sessions >= 1)) {
    process.stderr.write(`import:memory: --sessions must be a whole number ≥ 1\n`);
    return 2;
  }
  const splits = new Map<string, string>();
  for (const entry of values.get('--split') ?? []) {
    const [name, ids] = entry.split('=');
    for (const id of (ids ?? '').split(',')) if (name !== undefined && id !== '') splits.set(id, name);
  }
  let result: ImportLocomoResult;
  try {
    result = from === 'locomo'
      ? importLocomo(JSON.parse(await readFile(one('--input') as string, 'utf8')), {
        ...(sessions === undefined ? {} : { maxSessions: sessions }),
        ...(one('--samples') === undefined ? {} : { sampleIds: (one('--samples') ?? '').split(',') }),
      })
      : await importReplay(one('--input') as string, Number(one('--chain') ?? '20'), Number(one('--limit') ?? '1e9'));
  } catch (error) {
    process.stderr.write(`import:memory: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  for (const note of result.notes) process.stderr.write(`import:memory: note: ${note}\n`);
  for (const problem of result.problems) process.stderr.write(`import:memory: ${problem.where}: ${problem.message}\n`);
  const lines = result.conversations.map((conversation) => {
    const split = splits.get(conversation.id);
    return JSON.stringify(
      split === undefined ? conversation : { ...conversation, meta: { ...conversation.meta, split } },
    );
  });
  await writeFile(one('--output') as string, lines.length === 0 ? '' : `${lines.join('\n')}\n`);
  process.stderr.write(`import:memory: ${lines.length} conversations written to ${one('--output')}\n`);
  return result.problems.length > 0 ? 1 : 0;
}

process.exitCode = await main();
