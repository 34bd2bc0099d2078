// `npm run eval:memory`: arguments → load → evaluate → table, JSON or HTML report. Returns the exit code, never exits.
import { readFile, writeFile } from 'node:fs/promises';
import type { TurnDependencies } from '../../src/turn/turn-dependencies.ts';
import { createProgressBar } from '../replay/create-progress-bar.ts';
import type { ReplayService } from '../replay/index.ts';
import { createReplaySettings, findLiveConnection, type ReplayCliIo } from '../replay/run-replay-cli.ts';
import { MEMORY_EVAL_USAGE, parseMemoryEvalArgs } from './parse-memory-eval-args.ts';
import { parseMemoryJsonl } from './memory-format.ts';
import { renderMemoryReport } from './render-memory-report.ts';
import { renderMemoryTable } from './render-memory-table.ts';
import { type MemoryEvalMode, runMemoryEval } from './run-memory-eval.ts';
import { summariseMemoryFigures } from './summarise-memory-figures.ts';

/**
 * Exit codes: 0 evaluated cleanly; 1 evaluated, but a line was bad, a turn failed or a question got no prompt;
 * 2 bad arguments, unreadable input, `--live` without credentials, or a setup failure.
 */
export async function runMemoryEvalCli(
  argv: readonly string[],
  io: ReplayCliIo,
  dependencies: { readonly createService: (deps: TurnDependencies) => ReplayService },
): Promise<number> {
  const parsed = parseMemoryEvalArgs(argv);
  if (parsed.ok === 'help') {
    io.stdout(`${MEMORY_EVAL_USAGE}\n`);
    return 0;
  }
  if (!parsed.ok) {
    io.stderr(`eval:memory: ${parsed.reason}\n${MEMORY_EVAL_USAGE}\n`);
    return 2;
  }
  const args = parsed.args;
  const connection = args.live ? findLiveConnection(io.env) : undefined;
  if (args.live && connection === undefined) {
    io.stderr(
      'eval:memory: --live needs AWS credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or AWS_PROFILE, or AWS_BEARER_TOKEN_BEDROCK) and AWS_REGION\n',
    );
    return 2;
  }
  let text: string;
  try {
    text = await readFile(args.input, 'utf8');
  } catch (error) {
    io.stderr(`eval:memory: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  const loaded = parseMemoryJsonl(text);
  for (const problem of loaded.errors) io.stderr(`eval:memory: ${args.input}:${problem.line}: ${problem.message}\n`);
  const conversations = loaded.conversations.slice(0, args.limit ?? loaded.conversations.length);
  if (conversations.length === 0) {
    io.stderr(`eval:memory: ${args.input} holds no valid conversation\n`);
    return 2;
  }
  const mode: MemoryEvalMode = connection !== undefined
    ? { kind: 'live', connection }
    : args.simulatedAnswers
    ? { kind: 'simulated-answers' }
    : { kind: 'offline' };
  const bar = io.isTty || args.progress ? createProgressBar(io.stderr, 'eval:memory') : undefined;
  const result = await runMemoryEval({
    conversations,
    // Recorded replies always come from the simulator, so the simulated timeouts hold even with --live.
    settings: createReplaySettings(io.env, false),
    createService: dependencies.createService,
    mode,
    ...(bar === undefined ? {} : { onProgress: (done: number, total: number) => bar.update(done, total) }),
  });
  bar?.finish();
  if (!result.ok) {
    io.stderr(`eval:memory: ${result.reason}\n`);
    return 2;
  }
  const totals = summariseMemoryFigures(result.conversations);
  const simulatedAnswers = mode.kind === 'simulated-answers';
  if (args.json) io.stdout(`${JSON.stringify({ input: args.input, totals, conversations: result.conversations })}\n`);
  else io.stdout(`${renderMemoryTable(totals, simulatedAnswers)}\n`);
  if (args.report !== undefined) {
    await writeFile(
      args.report,
      renderMemoryReport({ title: args.input, totals, conversations: result.conversations, simulatedAnswers }),
    );
    io.stderr(`eval:memory: report written to ${args.report}\n`);
  }
  const troubled = loaded.errors.length > 0 ||
    result.conversations.some((figures) =>
      figures.failedTurns > 0 || figures.questions.some((question) => question.error !== undefined)
    );
  return troubled ? 1 : 0;
}
