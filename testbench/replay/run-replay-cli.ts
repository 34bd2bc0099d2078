// `npm run replay`: arguments → load → replay → table, JSON or HTML report. Returns the exit code, never exits itself.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BedrockConnection } from '../../src/bedrock/create-bedrock-client.ts';
import { DEFAULT_CHEAP_MODEL_ID, DEFAULT_MODEL_ID } from '../../src/config/models.ts';
import type { DomainToolPolicy } from '../../src/defaults.ts';
import { readAssetsDirectory } from '../../src/runtime/load-local-content.ts';
import { DEFAULT_TURN_SETTINGS, type TurnDependencies, type TurnSettings } from '../../src/turn/turn-dependencies.ts';
import { createProgressBar } from './create-progress-bar.ts';
import { loadConversationsFile } from './load-conversations-file.ts';
import { parseReplayArgs, REPLAY_USAGE } from './parse-replay-args.ts';
import type { ReplayService } from './replay-conversation.ts';
import { renderReplayReport } from './render-replay-report.ts';
import { renderAssetCost } from './render-asset-cost.ts';
import { renderPolicyComparison } from './compare-domain-tool-policies.ts';
import { renderReplayTable } from './render-replay-table.ts';
import { runReplay } from './run-replay.ts';

export type ReplayCliIo = {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly isTty: boolean;
  readonly env: Readonly<Record<string, string | undefined>>;
};

export type ReplayCliDependencies = {
  readonly createService: (deps: TurnDependencies) => ReplayService;
  /** scripts/replay.ts sets it (Node with tsx); tests leave it off so they run on Deno too. */
  readonly baselinesInWorkers?: boolean;
};

/**
 * Selector and tool timeouts against the simulator: it always answers, so a timeout there would only measure how busy
 * this machine is and make runs differ; live runs keep the service's own timeouts.
 */
export const SIMULATED_TIMEOUT_MS = 120_000;

/**
 * The turn settings of a replay: the service defaults, the models from BEDROCK_MODEL_ID / BEDROCK_CHEAP_MODEL_ID and
 * the domain tool policy given (default `select`, the service's).
 */
export function createReplaySettings(
  env: ReplayCliIo['env'],
  live: boolean,
  domainToolPolicy: TurnSettings['domainToolPolicy'] = DEFAULT_TURN_SETTINGS.domainToolPolicy,
): TurnSettings {
  const models = {
    mainModelId: env['BEDROCK_MODEL_ID'] ?? DEFAULT_MODEL_ID,
    cheapModelId: env['BEDROCK_CHEAP_MODEL_ID'] ?? DEFAULT_CHEAP_MODEL_ID,
    domainToolPolicy,
  };
  return live ? { ...DEFAULT_TURN_SETTINGS, ...models } : {
    ...DEFAULT_TURN_SETTINGS,
    ...models,
    selectorTimeoutMs: SIMULATED_TIMEOUT_MS,
    toolTimeoutMs: SIMULATED_TIMEOUT_MS,
  };
}

/** chart.js's UMD build, read at report time (never fetched from a CDN). */
const CHART_LIBRARY_PATHS = [
  new URL('../../node_modules/chart.js/dist/chart.umd.js', import.meta.url),
  join(process.cwd(), 'node_modules/chart.js/dist/chart.umd.js'),
];

/** The live connection from the environment, or undefined when no AWS credential source is set. */
export function findLiveConnection(env: ReplayCliIo['env']): BedrockConnection | undefined {
  const region = env['AWS_REGION'] ?? env['AWS_DEFAULT_REGION'] ?? 'us-east-1';
  const bearerToken = env['AWS_BEARER_TOKEN_BEDROCK'];
  if (bearerToken !== undefined && bearerToken !== '') return { region, bearerToken };
  const keys = env['AWS_ACCESS_KEY_ID'] !== undefined && env['AWS_SECRET_ACCESS_KEY'] !== undefined;
  const chain = [
    'AWS_PROFILE',
    'AWS_WEB_IDENTITY_TOKEN_FILE',
    'AWS_CONTAINER_CREDENTIALS_FULL_URI',
    'AWS_CONTAINER_CREDENTIALS_RELATIVE_URI',
  ].some((name) => (env[name] ?? '') !== '');
  return keys || chain ? { region } : undefined;
}

/**
 * Exit codes: 0 replayed cleanly; 1 replayed, but some line was bad, some turn failed or some request was invalid;
 * 2 bad arguments, unreadable input or manifest, `--live` without credentials, or a setup failure.
 */
export async function runReplayCli(
  argv: readonly string[],
  io: ReplayCliIo,
  dependencies: ReplayCliDependencies,
): Promise<number> {
  const parsed = parseReplayArgs(argv);
  if (parsed.ok === 'help') {
    io.stdout(`${REPLAY_USAGE}\n`);
    return 0;
  }
  if (!parsed.ok) {
    io.stderr(`replay: ${parsed.reason}\n${REPLAY_USAGE}\n`);
    return 2;
  }
  const args = parsed.args;
  const live = args.live ? findLiveConnection(io.env) : undefined;
  if (args.live && live === undefined) {
    io.stderr(
      'replay: --live needs AWS credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or AWS_PROFILE, or AWS_BEARER_TOKEN_BEDROCK) and AWS_REGION, or drop --live to replay against the simulator\n',
    );
    return 2;
  }
  let loaded: Awaited<ReturnType<typeof loadConversationsFile>>;
  let systemText: string | undefined;
  let assets: ReadonlyMap<string, string> | undefined;
  const manifests: { label: string; json: unknown }[] = [];
  try {
    loaded = await loadConversationsFile(args.input);
    systemText = args.systemFile === undefined ? undefined : await readFile(args.systemFile, 'utf8');
    assets = args.assetsDir === undefined ? undefined : await readAssetsDirectory(args.assetsDir);
    for (const path of args.tools) manifests.push({ label: path, json: JSON.parse(await readFile(path, 'utf8')) });
  } catch (error) {
    io.stderr(`replay: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  for (const problem of loaded.errors) io.stderr(`replay: ${args.input}:${problem.line}: ${problem.message}\n`);
  const conversations = loaded.conversations
    .slice(0, args.limit ?? loaded.conversations.length)
    .map((
      conversation,
    ) => ((conversation.system === undefined || assets !== undefined) && systemText !== undefined
      ? { ...conversation, system: systemText }
      : conversation)
    );
  if (conversations.length === 0) {
    io.stderr(`replay: ${args.input} holds no valid conversation\n`);
    return 2;
  }
  const replayWith = async (policy: DomainToolPolicy) => {
    const bar = io.isTty || args.progress ? createProgressBar(io.stderr) : undefined;
    const replayed = await runReplay({
      conversations,
      manifests,
      settings: createReplaySettings(io.env, live !== undefined, policy),
      ...(assets === undefined ? {} : { assets }),
      createService: dependencies.createService,
      baselinesInWorkers: dependencies.baselinesInWorkers === true,
      ...(args.db === undefined
        ? {}
        : { databaseUrl: /^(file|libsql|https?):/.test(args.db) ? args.db : `file:${args.db}` }),
      ...(live === undefined ? {} : { live }),
      ...(bar === undefined ? {} : { onProgress: (done: number, total: number) => bar.update(done, total) }),
    });
    bar?.finish();
    return replayed;
  };
  const result = await replayWith(args.domainTools === 'compare' ? 'select' : args.domainTools);
  if (!result.ok) {
    io.stderr(`replay: ${result.reason}\n`);
    return 2;
  }
  const run = result.run;
  if (args.domainTools === 'compare') {
    io.stdout(`${renderReplayTable(run)}\n`);
    const every = await replayWith('all');
    // A refusal (the catalogue over half the cap) is an answer and goes in the comparison; any other failure is not.
    const failed = !every.ok && every.everyToolRefused !== true;
    if (failed) io.stderr(`replay: the DOMAIN_TOOLS=all run failed: ${every.reason}\n`);
    else io.stdout(`\n${renderPolicyComparison(run, every)}\n`);
    const troubledRuns = [run, ...(every.ok ? [every.run] : [])].some((one) =>
      one.conversations.some((figures) => figures.failedTurns > 0 || figures.sides.ours.validationErrors > 0)
    );
    return failed ? 2 : loaded.errors.length > 0 || troubledRuns ? 1 : 0;
  }
  if (args.json) io.stdout(`${JSON.stringify({ input: args.input, lineErrors: loaded.errors, ...run })}\n`);
  else io.stdout(`${renderReplayTable(run)}\n${run.assets === undefined ? '' : `${renderAssetCost(run)}\n`}`);
  if (args.report !== undefined) {
    const chartLibrary = await readFirst(CHART_LIBRARY_PATHS);
    if (chartLibrary === undefined) {
      io.stderr('replay: cannot read node_modules/chart.js/dist/chart.umd.js for the report\n');
      return 2;
    }
    await writeFile(args.report, renderReplayReport(run, { chartLibrary, title: args.input }));
    io.stderr(`replay: report written to ${args.report}\n`);
  }
  const troubled = loaded.errors.length > 0 ||
    run.conversations.some((figures) => figures.failedTurns > 0 || figures.sides.ours.validationErrors > 0);
  return troubled ? 1 : 0;
}

async function readFirst(paths: readonly (string | URL)[]): Promise<string | undefined> {
  for (const path of paths) {
    try {
      return await readFile(path, 'utf8');
    } catch {
      // Try the next location.
    }
  }
  return undefined;
}
