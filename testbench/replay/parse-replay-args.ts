// Parses `npm run replay -- …` arguments into options, or a message saying what is wrong (exit 2).
import { DEFAULT_LIMITS, DOMAIN_TOOL_POLICIES, type DomainToolPolicy } from '../../src/defaults.ts';
import { AUTO_EVERY_TOOL_MAX_TOKENS } from '../../src/turn/offer-every-domain-tool.ts';
export type ReplayArgs = {
  readonly input: string;
  readonly tools: readonly string[];
  readonly systemFile?: string;
  /** A directory of asset files (one per asset, as ASSETS_DIR): the replayed model fetches them at each session start. */
  readonly assetsDir?: string;
  readonly report?: string;
  readonly json: boolean;
  readonly live: boolean;
  readonly progress: boolean;
  readonly db?: string;
  readonly limit?: number;
  /**
   * `--domain-tools`: as the service's DOMAIN_TOOLS (default `auto`: `all` for a catalogue of at most 6,000 tokens,
   * `select` above); `compare`: the run twice, select then all, and both side by side.
   */
  readonly domainTools: DomainToolPolicy | 'compare';
};

export type ParseReplayArgsResult = { readonly ok: true; readonly args: ReplayArgs } | {
  readonly ok: false;
  readonly reason: string;
} | { readonly ok: 'help' };

export const REPLAY_USAGE =
  `Usage: npm run replay -- --input <file.jsonl> [--tools <manifest.json>[,more]] [--system-file <file>]
       [--assets <dir>] [--report <file.html>] [--json] [--live] [--progress] [--db <file.db>]
       [--limit <n conversations>] [--domain-tools auto|select|all|compare]
Replays each recorded conversation through the chat service (simulator by default; --live: real Bedrock) and compares
its cost with three baselines: (a) naive, (b) naive with one moving cache point, (c) a 12-message window with caching.
--assets: the system prompt names the assets of <dir> (with --system-file, that file replaces the recorded system
prompt), the replayed model fetches them with get_asset at each session start, and the run reports what they cost.
--domain-tools: as the service's DOMAIN_TOOLS; auto (the default): every domain tool on every request for a catalogue
of at most ${AUTO_EVERY_TOOL_MAX_TOKENS} tokens, 3-5 selected per request above; select or all: that policy whatever the catalogue's size;
--domain-tools compare: replays twice, select then all, and says which billed less (no --json, --report or --db).
Exit 0: replayed; 1: some turns failed; 2: bad arguments or unreadable input.`;

const VALUE_FLAGS = new Set([
  '--input',
  '--tools',
  '--system-file',
  '--assets',
  '--report',
  '--db',
  '--limit',
  '--domain-tools',
]);
const BOOLEAN_FLAGS = new Set(['--json', '--live', '--progress']);

/** A `--domain-tools` value (the service's DOMAIN_TOOLS): `auto` when absent, as the service; anything else is refused. */
export function readDomainToolPolicy(
  value: string | undefined,
): { readonly ok: true; readonly policy: DomainToolPolicy } | { readonly ok: false; readonly reason: string } {
  const policy = DOMAIN_TOOL_POLICIES.find((one) => one === (value ?? DEFAULT_LIMITS.domainToolPolicy));
  return policy === undefined
    ? {
      ok: false,
      reason: `--domain-tools must be ${DOMAIN_TOOL_POLICIES.slice(0, -1).join(', ')} or ${
        DOMAIN_TOOL_POLICIES.at(-1)
      }, got "${value}"`,
    }
    : { ok: true, policy };
}

/** Accepts `--flag value` and `--flag=value`; `--tools` may repeat and takes comma lists. Never throws. */
export function parseReplayArgs(argv: readonly string[]): ParseReplayArgsResult {
  const values = new Map<string, string[]>();
  const flags = new Set<string>();
  for (let index = 0; index < argv.length; index += 1) {
    const raw = argv[index] ?? '';
    if (raw === '--help' || raw === '-h') return { ok: 'help' };
    const [name, inline] = raw.startsWith('--') && raw.includes('=')
      ? [raw.slice(0, raw.indexOf('=')), raw.slice(raw.indexOf('=') + 1)]
      : [raw, undefined];
    if (BOOLEAN_FLAGS.has(name)) {
      if (inline !== undefined) return { ok: false, reason: `${name} takes no value` };
      flags.add(name);
      continue;
    }
    if (!VALUE_FLAGS.has(name)) return { ok: false, reason: `unknown argument "${raw}"` };
    const value = inline ?? argv[index += 1];
    if (value === undefined || value === '' || (inline === undefined && value.startsWith('--'))) {
      return { ok: false, reason: `${name} needs a value` };
    }
    values.set(name, [...(values.get(name) ?? []), value]);
  }
  const single = (name: string): string | undefined => values.get(name)?.at(-1);
  for (const [name, list] of values) {
    if (name !== '--tools' && list.length > 1) return { ok: false, reason: `${name} is given more than once` };
  }
  const input = single('--input');
  if (input === undefined) return { ok: false, reason: '--input <file.jsonl> is required' };
  const limitText = single('--limit');
  const limit = limitText === undefined ? undefined : Number(limitText);
  if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1)) {
    return { ok: false, reason: `--limit must be a whole number ≥ 1, got "${limitText}"` };
  }
  const domainToolsText = single('--domain-tools');
  const domainTools = domainToolsText === 'compare'
    ? { ok: true as const, policy: 'compare' as const }
    : readDomainToolPolicy(domainToolsText);
  if (!domainTools.ok) return { ok: false, reason: `${domainTools.reason} (or compare, for both side by side)` };
  const compareClash = ['--json', '--report', '--db'].find((flag) => flags.has(flag) || single(flag) !== undefined);
  if (domainTools.policy === 'compare' && compareClash !== undefined) {
    return {
      ok: false,
      reason:
        `--domain-tools compare prints both runs side by side and takes no ${compareClash}; run each policy alone for that`,
    };
  }
  const tools = (values.get('--tools') ?? []).flatMap((list) => list.split(',')).map((path) => path.trim()).filter((
    path,
  ) => path !== '');
  const optional = (
    key: 'systemFile' | 'assetsDir' | 'report' | 'db',
    flag: string,
  ) => (single(flag) === undefined ? {} : { [key]: single(flag) as string });
  return {
    ok: true,
    args: {
      input,
      tools,
      ...optional('systemFile', '--system-file'),
      ...optional('assetsDir', '--assets'),
      ...optional('report', '--report'),
      ...optional('db', '--db'),
      json: flags.has('--json'),
      live: flags.has('--live'),
      progress: flags.has('--progress'),
      domainTools: domainTools.policy,
      ...(limit === undefined ? {} : { limit }),
    },
  };
}
