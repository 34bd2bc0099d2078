// Decides one turn's cache TTLs from the settings' policy and, when adaptive, the conversation's gaps; logs the choice.
import { lookupModelFacts } from '../config/models.ts';
import { chooseCacheTtl, chooseSharedStaticTtl, measureGaps } from '../pipeline/cache-ttl/index.ts';
import { estimateMessageTokens } from '../pipeline/tokens/index.ts';
import type { CacheTtl } from '../pipeline/types/index.ts';
import { isSafeBoundary, type WindowMessage } from '../pipeline/window/index.ts';
import type { TurnDependencies } from './turn-dependencies.ts';

export type TurnCacheTtl = {
  readonly staticTtl: CacheTtl;
  readonly messageTtl: CacheTtl;
  /** The system point behind the domain tools: adaptive treats the sticky tool selection as static. */
  readonly domainToolsTtl?: CacheTtl;
};

export type TurnCacheTtlInput = {
  readonly conversationId: string;
  readonly turnId: string;
  /** Times of the latest stored user messages (ISO), oldest first. */
  readonly recentUserTimes: readonly string[];
  /** Start times of the store's latest other turns, any conversation (ISO), oldest first: the shared prefix's reads. */
  readonly recentTurnStarts: readonly string[];
  /** Stored user messages, and the summaries saved so far (memory version): how often the message prefix moved. */
  readonly userMessageCount: number;
  readonly summaryVersion: number;
  /** Changes of the domain tool selection so far (after the first selection). */
  readonly toolChanges: number;
  readonly summaryTokens: number;
  readonly storedWindow: readonly WindowMessage[];
  readonly now: Date;
};

/**
 * '5m': the message points 5m and the static layers as CACHE_TTL_STATIC says; '1h': everything 1h where the model
 * supports it; 'adaptive': chooseCacheTtl on the gaps before each user message, the message prefix (summary + stored
 * window), what a turn adds (the window's tokens per user turn) and how often the prefix moved anyway (summaries saved
 * per user turn so far: each replaced the start of the window). The static layers are also 1h when the gaps between
 * the deployment's turns say so (chooseSharedStaticTtl: every conversation reads them, so a new conversation's first
 * request reads what another one wrote). CACHE_TTL_STATIC=1h stays a floor for the static layers. Under
 * DOMAIN_TOOLS=all the domain tools and the system layer are static too and take the static TTL.
 */
export function chooseTurnCacheTtl(deps: TurnDependencies, input: TurnCacheTtlInput): TurnCacheTtl {
  const { settings } = deps;
  const facts = lookupModelFacts(settings.mainModelId);
  const policy = settings.cacheTtlPolicy;
  // With every domain tool on every request the whole tool list and the system layer behind it are the same for every
  // conversation: static, and shared like the standard tools.
  const everyTool = settings.domainToolPolicy === 'all';
  if (policy !== 'adaptive') {
    const messageTtl: CacheTtl = policy === '1h' && facts.supportsOneHourTtl ? '1h' : '5m';
    const staticTtl: CacheTtl = messageTtl === '1h' ? '1h' : settings.staticTtl;
    return { staticTtl, messageTtl, ...(everyTool ? { domainToolsTtl: staticTtl } : {}) };
  }
  const windowTokens = input.storedWindow.reduce((sum, entry) => sum + estimateMessageTokens(entry.message), 0);
  const userTurns = input.storedWindow.filter((entry) => isSafeBoundary(entry.message)).length;
  const choice = chooseCacheTtl({
    gapsMs: measureGaps(input.recentUserTimes, input.now.getTime()),
    prices: facts.pricePerMillion,
    supportsOneHourTtl: facts.supportsOneHourTtl,
    messagePrefixTokens: input.summaryTokens + windowTokens,
    turnWriteTokens: userTurns === 0 ? 0 : windowTokens / userTurns,
    rewriteShare: input.userMessageCount === 0 ? 0 : Math.min(1, input.summaryVersion / input.userMessageCount),
    toolChangeShare: input.userMessageCount === 0 ? 0 : Math.min(1, input.toolChanges / input.userMessageCount),
  });
  const shared = chooseSharedStaticTtl({
    gapsMs: measureGaps(input.recentTurnStarts, input.now.getTime()),
    prices: facts.pricePerMillion,
    supportsOneHourTtl: facts.supportsOneHourTtl,
  });
  const staticTtl: CacheTtl = choice.staticTtl === '1h' || shared.ttl === '1h' || settings.staticTtl === '1h'
    ? '1h'
    : '5m';
  const domainToolsTtl = everyTool ? staticTtl : choice.domainToolsTtl;
  deps.logger.log('info', 'cache_ttl', {
    conversationId: input.conversationId,
    turnId: input.turnId,
    staticTtl,
    domainToolsTtl,
    messageTtl: choice.messageTtl,
    gaps: choice.shares.observed,
    reason: choice.reason,
    sharedStaticTtl: shared.ttl,
    sharedReason: shared.reason,
  });
  return { staticTtl, messageTtl: choice.messageTtl, domainToolsTtl };
}
