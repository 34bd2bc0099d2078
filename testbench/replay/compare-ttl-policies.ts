// Replays the same sessions under the fixed 5-minute, fixed 1-hour and adaptive cache TTL policies and compares cost.
import type { Logger } from '../../src/logger.ts';
import { CACHE_TTL_MS } from '../../src/pipeline/cache-ttl/index.ts';
import type { TurnDependencies, TurnSettings } from '../../src/turn/turn-dependencies.ts';
import type { Conversation } from './conversation-format.ts';
import { applyGaps, type GapProfile, gapsBeforeUserTurns } from './gap-profiles.ts';
import type { ReplayService } from './replay-conversation.ts';
import { runReplay } from './run-replay.ts';

export type TtlPolicy = TurnSettings['cacheTtlPolicy'];
export const TTL_POLICIES: readonly TtlPolicy[] = ['5m', '1h', 'adaptive'];

export type PolicyFigures = {
  /** Billed input (uncached + cache reads + writes at their TTL's price), every call of the service. */
  readonly billedInputUsd: number;
  readonly cacheReadInputTokens: number;
  readonly cacheWriteInputTokens: number;
  readonly failedTurns: number;
  /** Turns whose message points were 1 h / whose static layers were 1 h (adaptive only: from the cache_ttl log lines). */
  readonly messageTtl1h: number;
  readonly staticTtl1h: number;
};

export type TtlComparison = {
  readonly profile: string;
  readonly sessions: number;
  readonly userTurns: number;
  /** Shares of the replayed gaps before user turns: ≤ 5 min, (5 min, 1 h], > 1 h. */
  readonly gaps: { readonly within5m: number; readonly within1h: number; readonly beyond1h: number };
  readonly policies: Readonly<Record<TtlPolicy, PolicyFigures>>;
};

export type CompareTtlOptions = {
  readonly sessions: readonly Conversation[];
  readonly profile: GapProfile;
  readonly manifests: readonly { readonly label: string; readonly json: unknown }[];
  readonly settings: TurnSettings;
  readonly createService: (deps: TurnDependencies) => ReplayService;
  readonly baselinesInWorkers?: boolean;
  readonly onProgress?: (policy: TtlPolicy, done: number, total: number) => void;
};

/** A logger that keeps only the cache_ttl lines. */
function ttlRecorder(): { logger: Logger; lines: { staticTtl: unknown; messageTtl: unknown }[] } {
  const lines: { staticTtl: unknown; messageTtl: unknown }[] = [];
  return {
    lines,
    logger: {
      level: 'info',
      log: (_level, event, fields) => {
        if (event === 'cache_ttl') lines.push({ staticTtl: fields?.['staticTtl'], messageTtl: fields?.['messageTtl'] });
      },
    },
  };
}

/** The sessions retimed by the profile, replayed once per policy on a fresh database and simulator. Throws on a setup failure. */
export async function compareTtlPolicies(options: CompareTtlOptions): Promise<TtlComparison> {
  const { profile } = options;
  const gapsFor = profile.gapsFor;
  const sessions = gapsFor === undefined
    ? options.sessions
    : options.sessions.map((session) => applyGaps(session, gapsFor(session.id)));
  const gaps = gapsBeforeUserTurns(sessions);
  const share = (test: (gap: number) => boolean) => gaps.length === 0 ? 0 : gaps.filter(test).length / gaps.length;
  const policies = {} as Record<TtlPolicy, PolicyFigures>;
  let userTurns = 0;
  for (const policy of TTL_POLICIES) {
    const recorder = ttlRecorder();
    const result = await runReplay({
      conversations: sessions,
      manifests: options.manifests,
      settings: { ...options.settings, cacheTtlPolicy: policy },
      createService: options.createService,
      logger: recorder.logger,
      ...(options.baselinesInWorkers === true ? { baselinesInWorkers: true } : {}),
      ...(options.onProgress === undefined
        ? {}
        : { onProgress: (done: number, total: number) => options.onProgress?.(policy, done, total) }),
    });
    if (!result.ok) throw new Error(`replay (${profile.name}, ${policy}): ${result.reason}`);
    const ours = result.run.totals.ours;
    userTurns = result.run.conversations.reduce((sum, one) => sum + one.userTurns, 0);
    policies[policy] = {
      billedInputUsd: ours.billedInputUsd,
      cacheReadInputTokens: ours.cacheReadInputTokens,
      cacheWriteInputTokens: ours.cacheWriteInputTokens,
      failedTurns: result.run.conversations.reduce((sum, one) => sum + one.failedTurns, 0),
      messageTtl1h: recorder.lines.filter((line) => line.messageTtl === '1h').length,
      staticTtl1h: recorder.lines.filter((line) => line.staticTtl === '1h').length,
    };
  }
  return {
    profile: profile.name,
    sessions: sessions.length,
    userTurns,
    gaps: {
      within5m: share((gap) => gap <= CACHE_TTL_MS['5m']),
      within1h: share((gap) => gap > CACHE_TTL_MS['5m'] && gap <= CACHE_TTL_MS['1h']),
      beyond1h: share((gap) => gap > CACHE_TTL_MS['1h']),
    },
    policies,
  };
}

/** Several comparisons as one population (named `profile`): costs and counts add up, gap shares weigh by user turns. */
export function sumTtlComparisons(rows: readonly TtlComparison[], profile: string): TtlComparison {
  const total = (pick: (row: TtlComparison) => number) => rows.reduce((sum, row) => sum + pick(row), 0);
  const turns = total((row) => row.userTurns);
  const share = (pick: (row: TtlComparison) => number) =>
    turns === 0 ? 0 : total((row) => pick(row) * row.userTurns) / turns;
  const policy = (name: TtlPolicy): PolicyFigures => ({
    billedInputUsd: total((row) => row.policies[name].billedInputUsd),
    cacheReadInputTokens: total((row) => row.policies[name].cacheReadInputTokens),
    cacheWriteInputTokens: total((row) => row.policies[name].cacheWriteInputTokens),
    failedTurns: total((row) => row.policies[name].failedTurns),
    messageTtl1h: total((row) => row.policies[name].messageTtl1h),
    staticTtl1h: total((row) => row.policies[name].staticTtl1h),
  });
  return {
    profile,
    sessions: total((row) => row.sessions),
    userTurns: turns,
    gaps: {
      within5m: share((row) => row.gaps.within5m),
      within1h: share((row) => row.gaps.within1h),
      beyond1h: share((row) => row.gaps.beyond1h),
    },
    policies: { '5m': policy('5m'), '1h': policy('1h'), adaptive: policy('adaptive') },
  };
}

/** Saving of `cost` against `baseline`, in percent (negative: dearer). */
export function savingPercent(cost: number, baseline: number): number {
  return baseline > 0 ? (100 * (baseline - cost)) / baseline : 0;
}

/** A Markdown table: one row per comparison, costs per policy and the adaptive policy's saving against each fixed one. */
export function renderTtlTable(rows: readonly (TtlComparison & { readonly half: string })[]): string {
  const usd = (value: number) => `$${value.toFixed(4)}`;
  const pct = (value: number) => `${value.toFixed(0)}%`;
  const signed = (value: number) => `${value >= 0 ? '' : '−'}${Math.abs(value).toFixed(1)}%`;
  const lines = [
    '| profile | half | sessions / user turns | gaps ≤ 5m / (5m, 1h] / > 1h | fixed 5m | fixed 1h | adaptive | saving vs 5m | saving vs 1h | adaptive 1h turns (static / messages) |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const row of rows) {
    const { policies: p } = row;
    lines.push(
      `| ${row.profile} | ${row.half} | ${row.sessions} / ${row.userTurns} | ${pct(100 * row.gaps.within5m)} / ${
        pct(100 * row.gaps.within1h)
      } / ${pct(100 * row.gaps.beyond1h)} | ${usd(p['5m'].billedInputUsd)} | ${usd(p['1h'].billedInputUsd)} | ${
        usd(p.adaptive.billedInputUsd)
      } | ${signed(savingPercent(p.adaptive.billedInputUsd, p['5m'].billedInputUsd))} | ${
        signed(savingPercent(p.adaptive.billedInputUsd, p['1h'].billedInputUsd))
      } | ${pct(row.userTurns > 0 ? (100 * p.adaptive.staticTtl1h) / row.userTurns : 0)} / ${
        pct(row.userTurns > 0 ? (100 * p.adaptive.messageTtl1h) / row.userTurns : 0)
      } |`,
    );
  }
  return lines.join('\n');
}
