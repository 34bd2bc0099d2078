// The import command behind `npm run import`: reads a source log, converts it, optionally chains sessions, writes JSONL.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { concatenateSessions } from './concatenate-sessions.ts';
import type { Conversation } from './conversation-format.ts';
import { formatConversationsJsonl } from './conversation-format.ts';
import { importDialogues } from './import-dialogues.ts';
import type { ImportResult } from './import-openai-log.ts';
import { importOpenAiLog } from './import-openai-log.ts';
import { summariseConversations } from './summarise-conversations.ts';

export const IMPORT_USAGE = `usage: npm run import -- --from openai|dialogue --input <file> --output <file.jsonl>
  [--id-prefix <p>] [--source <label>] [--start-at <ISO time>] [--system-file <file>] [--strip-marker <text>]...
  [--rename-tool <old>=<new>]... [--tool-names <a,b,...>] [--max-bytes <n>] [--sessions <user turns per session>]`;
/** tau-bench's policy says "The current time is 2024-05-15 15:00:00 EST" (20:00 UTC): imported logs start then. */
const DEFAULT_START_AT = '2024-05-15T20:00:00.000Z';

export type CliOutput = { readonly out: (line: string) => void; readonly err: (line: string) => void };

/**
 * Runs the import; resolves to the exit code: 0 all converted, 1 some items failed (the rest is written and every
 * failure printed), 2 bad arguments, unreadable input or unwritable output (nothing written). Creates the output's folder.
 */
export async function runImportCli(
  argv: readonly string[],
  output: CliOutput = { out: console.log, err: console.error },
): Promise<number> {
  let args;
  try {
    args = parseArgs({
      args: [...argv],
      options: {
        from: { type: 'string' },
        input: { type: 'string' },
        output: { type: 'string' },
        'id-prefix': { type: 'string' },
        source: { type: 'string' },
        'start-at': { type: 'string' },
        'system-file': { type: 'string' },
        'strip-marker': { type: 'string', multiple: true },
        'rename-tool': { type: 'string', multiple: true },
        'tool-names': { type: 'string' },
        'max-bytes': { type: 'string' },
        sessions: { type: 'string' },
      },
    }).values;
  } catch (error) {
    return fail(output, (error as Error).message);
  }
  const { from, input, output: target } = args;
  if ((from !== 'openai' && from !== 'dialogue') || input === undefined || target === undefined) {
    return fail(output, 'need --from openai|dialogue, --input and --output');
  }
  const startAt = Date.parse(args['start-at'] ?? DEFAULT_START_AT);
  if (!Number.isFinite(startAt)) return fail(output, `--start-at ${args['start-at']} is not an ISO date-time`);
  const maxBytes = args['max-bytes'] === undefined ? Number.POSITIVE_INFINITY : Number(args['max-bytes']);
  const sessions = args.sessions === undefined ? undefined : Number(args.sessions);
  if (!(maxBytes > 0) || (sessions !== undefined && !(Number.isInteger(sessions) && sessions > 0))) {
    return fail(output, '--max-bytes and --sessions take positive numbers');
  }
  const renames = Object.fromEntries((args['rename-tool'] ?? []).map((pair) => pair.split('=')));
  if (Object.entries(renames).some(([from, to]) => !from || !to)) {
    return fail(output, '--rename-tool takes <old>=<new>');
  }
  let text: string;
  let systemText: string | undefined;
  try {
    text = await readFile(input, 'utf8');
    if (args['system-file'] !== undefined) systemText = await readFile(args['system-file'], 'utf8');
  } catch (error) {
    return fail(output, `cannot read input: ${(error as Error).message}`);
  }
  const idPrefix = args['id-prefix'] ?? basename(input, extname(input));
  const source = args.source === undefined ? {} : { source: args.source };
  let result: ImportResult;
  if (from === 'dialogue') result = importDialogues(text, { idPrefix, startAt, ...source });
  else {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      try {
        value = text.split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as unknown);
      } catch (error) {
        return fail(output, `input is neither JSON nor JSONL: ${(error as Error).message}`);
      }
    }
    const systemPath = args['system-file'] === undefined
      ? undefined
      : relative(dirname(resolve(target)), resolve(args['system-file']));
    result = importOpenAiLog(value, {
      idPrefix,
      startAt,
      ...source,
      renameTools: renames,
      stripMarkers: args['strip-marker'] ?? [],
      ...(args['tool-names'] === undefined ? {} : { tools: args['tool-names'].split(',').map((name) => name.trim()) }),
      ...(systemPath === undefined || systemText === undefined
        ? {}
        : { systemFile: { path: systemPath, text: systemText } }),
    });
  }
  let conversations: readonly Conversation[] = result.conversations;
  if (sessions !== undefined) {
    const chained = concatenateSessions(conversations, { targetUserTurns: sessions, idPrefix: `${idPrefix}-session` });
    if (!chained.ok) return fail(output, `--sessions: ${chained.reason}`);
    conversations = chained.sessions;
    output.out(`chained into ${chained.sessions.length} sessions; ${chained.unused} conversations left over`);
  }
  const kept = keepWithinBytes(conversations, maxBytes);
  if (kept.length < conversations.length) {
    output.out(`--max-bytes: kept ${kept.length} of ${conversations.length} conversations`);
  }
  try {
    await mkdir(dirname(resolve(target)), { recursive: true });
    await writeFile(target, formatConversationsJsonl(kept));
  } catch (error) {
    return fail(output, `cannot write output: ${(error as Error).message}`);
  }
  for (const note of result.notes) output.out(`note: ${note.where}: ${note.message}`);
  for (const problem of result.problems) output.err(`skipped ${problem.where}: ${problem.message}`);
  const summary = summariseConversations(kept);
  output.out(
    `wrote ${target}: ${summary.conversations} conversations, ${summary.userTurns} user turns, ${summary.toolCalls} tool calls, ${
      byteLength(formatConversationsJsonl(kept))
    } bytes`,
  );
  return result.problems.length > 0 ? 1 : 0;
}

/** The longest prefix of the list whose JSONL stays within `maxBytes`. */
export function keepWithinBytes(conversations: readonly Conversation[], maxBytes: number): readonly Conversation[] {
  let total = 0;
  const kept: Conversation[] = [];
  for (const conversation of conversations) {
    total += byteLength(formatConversationsJsonl([conversation]));
    if (total > maxBytes) break;
    kept.push(conversation);
  }
  return kept;
}

function byteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}

function fail(output: CliOutput, message: string): number {
  output.err(`${message}\n${IMPORT_USAGE}`);
  return 2;
}
