// One replay run: every conversation through the service and its baselines, then the figures per conversation and in total.
import type { OfferedToolPolicy } from '../../src/defaults.ts';
import type { DomainToolChoice } from '../../src/turn/offer-every-domain-tool.ts';
import { BASELINE_KINDS } from './build-baseline-request.ts';
import {
  computeConversationFigures,
  type ConversationFigures,
  type Side,
  type SideFigures,
  sumSides,
} from './compute-replay-figures.ts';
import { createReplayEnvironment, type ReplayEnvironmentOptions } from './create-replay-environment.ts';
import { groupExchanges } from './group-exchanges.ts';
import { addAssetFigures, type AssetFigures, computeAssetFigures } from './measure-asset-cost.ts';
import { listRecordedCalls } from './list-recorded-calls.ts';
import { type ConversationReplay, replayConversation } from './replay-conversation.ts';

const TTL_MS = { '5m': 5 * 60_000, '1h': 60 * 60_000 } as const;

export type RunReplayOptions = ReplayEnvironmentOptions & {
  /** Steps done and total (user turns plus baseline requests), after every step. */
  readonly onProgress?: (done: number, total: number) => void;
};

export type ReplayRun = {
  readonly mode: 'simulator' | 'live';
  readonly mainModelId: string;
  readonly cheapModelId: string;
  readonly maxInputTokens: number;
  /** The service's DOMAIN_TOOLS in this run (`--domain-tools`): the selection, or every domain tool on every request. */
  /** The policy the run's service ran: DOMAIN_TOOLS=auto resolved for the catalogue. */
  readonly domainToolPolicy: OfferedToolPolicy;
  /** What DOMAIN_TOOLS=auto, the service's default, comes to for this catalogue, and why. */
  readonly autoChoice: DomainToolChoice;
  readonly databaseUrl: string | null;
  /** Recorded tools no manifest described (registered with an open schema). */
  readonly standIns: readonly string[];
  readonly conversations: readonly ConversationFigures[];
  readonly totals: Readonly<Record<Side, SideFigures>>;
  /** What the assets cost (`--assets`), summed over the conversations; absent without assets. */
  readonly assets?: AssetFigures;
  /** The raw per-call records, for --json. */
  readonly replays: readonly ConversationReplay[];
};

export type RunReplayResult = { readonly ok: true; readonly run: ReplayRun } | {
  readonly ok: false;
  readonly reason: string;
  /** Set when DOMAIN_TOOLS=all was refused: the domain tools take more than half the prompt cap. */
  readonly everyToolRefused?: true;
};

/**
 * Replays the conversations in file order on one database and one simulator (so the static prefix cached by one
 * conversation can serve the next, as in production). Never throws for a failed turn (it is counted); setup failures
 * (bad manifest, unusable database) come back as `{ ok: false }`. A kept `databaseUrl` is reported, a temp one removed.
 */
export async function runReplay(options: RunReplayOptions): Promise<RunReplayResult> {
  const opened = await createReplayEnvironment(options);
  if (!opened.ok) return opened;
  const { domainToolPolicy } = opened.environment.settings;
  const total = options.conversations.reduce(
    (sum, conversation) =>
      sum + groupExchanges(conversation).length + BASELINE_KINDS.length * listRecordedCalls(conversation).length,
    0,
  );
  let done = 0;
  const figureOptions = {
    mainModelId: options.settings.mainModelId,
    maxInputTokens: options.settings.maxInputTokens,
    ttlMs: TTL_MS[options.settings.staticTtl],
  };
  const replays: ConversationReplay[] = [];
  const conversations: ConversationFigures[] = [];
  try {
    for (const [index, conversation] of options.conversations.entries()) {
      const replay = await replayConversation(opened.environment, conversation, {
        index,
        onProgress: () => options.onProgress?.(done += 1, total),
      });
      replays.push(replay);
      conversations.push(computeConversationFigures(replay, figureOptions));
    }
  } finally {
    await opened.close();
  }
  return {
    ok: true,
    run: {
      mode: options.live === undefined ? 'simulator' : 'live',
      mainModelId: options.settings.mainModelId,
      cheapModelId: options.settings.cheapModelId,
      maxInputTokens: options.settings.maxInputTokens,
      domainToolPolicy: domainToolPolicy === 'all' ? 'all' : 'select',
      autoChoice: opened.autoChoice,
      databaseUrl: options.databaseUrl ?? null,
      standIns: opened.standIns,
      conversations,
      totals: sumSides(conversations),
      ...((options.assets?.size ?? 0) === 0 ? {} : {
        assets: addAssetFigures(
          replays.map((replay) => computeAssetFigures(replay.turns.flatMap((turn) => turn.calls))),
        ),
      }),
      replays,
    },
  };
}
