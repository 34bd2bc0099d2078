// Parses `npm run eval:memory -- …` arguments, or says what is wrong (exit 2).
export type MemoryEvalArgs = {
  readonly input: string;
  readonly report?: string;
  readonly json: boolean;
  readonly live: boolean;
  /** Ask the questions of the simulator: runs the live path's plumbing offline (its F1 means nothing). */
  readonly simulatedAnswers: boolean;
  readonly progress: boolean;
  readonly limit?: number;
};

export const MEMORY_EVAL_USAGE =
  `Usage: npm run eval:memory -- --input <file.jsonl> [--report <file.html>] [--json] [--live | --simulated-answers]
       [--progress] [--limit <n conversations>]
Plays each QA-annotated conversation (docs/memory-eval-format.md) through the chat service against the simulator and,
where each question is asked, reports where its evidence is (window, summary range, gone), the share of the gold
answer's words in tokenwise's context, and how many identifiers and dates the summary kept. --live: Bedrock writes the
summaries and answers every question with tokenwise's context and with the full history (F1, ratio, cost).
Exit 0: done; 1: some turn or question failed; 2: bad arguments, unreadable input or no credentials for --live.`;

const VALUE_FLAGS = new Set(['--input', '--report', '--limit']);
const BOOLEAN_FLAGS = new Set(['--json', '--live', '--simulated-answers', '--progress']);

/** `--flag value` or `--flag=value`. Never throws. */
export function parseMemoryEvalArgs(
  argv: readonly string[],
): { ok: true; args: MemoryEvalArgs } | { ok: false; reason: string } | { ok: 'help' } {
  const values = new Map<string, string>();
  const flags = new Set<string>();
  for (let index = 0; index < argv.length; index += 1) {
    const raw = argv[index] ?? '';
    if (raw === '--help' || raw === '-h') return { ok: 'help' };
    const equals = raw.startsWith('--') ? raw.indexOf('=') : -1;
    const name = equals < 0 ? raw : raw.slice(0, equals);
    if (BOOLEAN_FLAGS.has(name) && equals < 0) {
      flags.add(name);
      continue;
    }
    if (!VALUE_FLAGS.has(name)) return { ok: false, reason: `unknown argument "${raw}"` };
    const value = equals < 0 ? argv[index += 1] : raw.slice(equals + 1);
    if (value === undefined || value === '' || (equals < 0 && value.startsWith('--'))) {
      return { ok: false, reason: `${name} needs a value` };
    }
    if (values.has(name)) return { ok: false, reason: `${name} is given more than once` };
    values.set(name, value);
  }
  const input = values.get('--input');
  if (input === undefined) return { ok: false, reason: '--input <file.jsonl> is required' };
  if (flags.has('--live') && flags.has('--simulated-answers')) {
    return { ok: false, reason: '--live and --simulated-answers exclude each other' };
  }
  const limitText = values.get('--limit');
  const limit = limitText === undefined ? undefined : Number(limitText);
  if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1)) {
    return { ok: false, reason: `--limit must be a whole number ≥ 1, got "${limitText}"` };
  }
  const report = values.get('--report');
  return {
    ok: true,
    args: {
      input,
      ...(report === undefined ? {} : { report }),
      json: flags.has('--json'),
      live: flags.has('--live'),
      simulatedAnswers: flags.has('--simulated-answers'),
      progress: flags.has('--progress'),
      ...(limit === undefined ? {} : { limit }),
    },
  };
}
