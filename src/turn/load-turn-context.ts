// Shapes what one turn read at its start (summary, uncovered messages, the asset session) into the prompt's inputs;
// reads more only for pinned asset pairs older than the uncovered messages.
import type { AssetPair } from '../pipeline/assets/index.ts';
import { pinAssets } from '../pipeline/assets/index.ts';
import { estimateTextTokens } from '../pipeline/tokens/index.ts';
import { isSafeBoundary, slideWindow, type WindowMessage } from '../pipeline/window/index.ts';
import type { ToolResultBlock, ToolUseBlock } from '../pipeline/types/index.ts';
import type { TurnSnapshot } from '../store/conversation-store.ts';
import type { AssetExposure, ConversationScope, MemoryRecord, StoredMessage } from '../store/store-records.ts';
import type { TurnDependencies } from './turn-dependencies.ts';

/** With the summary lagging behind, the prompt keeps every uncovered message up to this many windows' worth. */
const LAGGING_SUMMARY_FACTOR = 2;
/** How many earlier user turns the tool ranking reads. */
const RECENT_USER_TURNS = 3;

export type TurnContext = {
  readonly memory: MemoryRecord;
  /** Every uncovered message before this turn, oldest first (what decides whether a summary is due after it). */
  readonly uncovered: readonly WindowMessage[];
  readonly storedWindow: readonly WindowMessage[];
  readonly lastStoredSeq: number;
  readonly storedHistoryTokens: number;
  readonly recentUserTurns: readonly string[];
  /** The assistant's last visible reply (what an assent agrees to), if any is uncovered. */
  readonly lastReply?: string;
  readonly session: { readonly id: string; readonly startedAt: string; readonly isNew: boolean };
  readonly pinnedAssets: readonly AssetPair[];
  /** Assets whose original result the model can still see (pinned or in the window). */
  readonly exposedAssets: Set<string>;
};

function lastReplyOf(messages: readonly StoredMessage[]): { lastReply?: string } {
  const reply = messages.findLast((message) => message.role === 'assistant' && message.visible && message.text !== '');
  return reply === undefined ? {} : { lastReply: reply.text };
}

function toWindow(messages: readonly StoredMessage[]): WindowMessage[] {
  return messages.map((message) => ({ seq: message.seq, message: { role: message.role, content: message.content } }));
}

/** The stored part of the prompt window: every uncovered message from the first safe boundary, hard-capped. */
export function chooseStoredWindow(
  uncovered: readonly WindowMessage[],
  windowMin: number,
  windowMax: number,
): WindowMessage[] {
  if (uncovered.length > windowMax * LAGGING_SUMMARY_FACTOR) {
    return [...slideWindow({ messages: uncovered, min: windowMin, max: windowMax }).window];
  }
  const start = uncovered.findIndex((entry) => isSafeBoundary(entry.message));
  return start < 0 ? [] : uncovered.slice(start);
}

type ExposurePairs = {
  readonly pairs: AssetPair[]; /** Seq of the session's first exposure; null when none. */
  readonly firstSeq: number | null;
};

async function loadExposurePairs(
  deps: TurnDependencies,
  scope: ConversationScope,
  records: readonly AssetExposure[],
  uncovered: readonly StoredMessage[],
): Promise<ExposurePairs> {
  const wanted = records.flatMap((
    record,
  ) => (record.toolUseId === null ? [] : [record.messageSeq - 1, record.messageSeq]));
  const bySeq = new Map(uncovered.map((message) => [message.seq, message]));
  const missing = wanted.filter((seq) => !bySeq.has(seq));
  if (missing.length > 0) {
    for (const message of await deps.store.loadMessagesBySeq({ ...scope, seqs: missing })) {
      bySeq.set(message.seq, message);
    }
  }
  const pairs = records.flatMap((record) => {
    const use = bySeq.get(record.messageSeq - 1)?.content.find((block): block is ToolUseBlock =>
      block.type === 'tool_use' && block.id === record.toolUseId
    );
    const result = bySeq.get(record.messageSeq)?.content.find((block): block is ToolResultBlock =>
      block.type === 'tool_result' && block.toolUseId === record.toolUseId
    );
    return use === undefined || result === undefined
      ? []
      : [{ assetId: record.assetId, toolUse: use, toolResult: result }];
  });
  return { pairs, firstSeq: records.length === 0 ? null : Math.min(...records.map((record) => record.messageSeq)) };
}

/**
 * Tokens of the session's conversation since its first exposure, the asset texts themselves left out: how much has been
 * said while the rules were in view (ADR 0028 prunes the pins once this passes its 4k "sweet spot"). Exact: reads the
 * store only when the session reaches back into messages the summary already covers.
 */
async function sessionTokensSince(
  deps: TurnDependencies,
  scope: ConversationScope,
  loaded: ExposurePairs,
  uncovered: readonly StoredMessage[],
): Promise<number> {
  const { firstSeq } = loaded;
  if (firstSeq === null) return 0;
  const firstUncovered = uncovered[0]?.seq ?? Number.POSITIVE_INFINITY;
  const total = firstSeq >= firstUncovered
    ? uncovered.reduce((sum, message) => sum + (message.seq >= firstSeq ? message.tokenEstimate : 0), 0)
    : await deps.store.historyTokenTotal({ ...scope, fromSeq: firstSeq });
  const assetTokens = loaded.pairs.reduce((sum, pair) => sum + estimateTextTokens(pair.toolResult.text), 0);
  return Math.max(0, total - assetTokens);
}

/** `snapshot` is what the store's startTurn read; a new session ignores the stored session's exposures. */
export async function loadTurnContext(
  deps: TurnDependencies,
  scope: ConversationScope,
  snapshot: TurnSnapshot,
  now: Date,
): Promise<TurnContext> {
  const { settings } = deps;
  const { conversation, memory, uncovered } = snapshot;
  const lastActivity = conversation.lastActivityAt === null ? null : Date.parse(conversation.lastActivityAt);
  const isNew = conversation.sessionId === null || lastActivity === null ||
    now.getTime() - lastActivity > settings.sessionIdleMs;
  const session = isNew
    ? { id: deps.createId(), startedAt: now.toISOString(), isNew }
    : { id: conversation.sessionId as string, startedAt: conversation.sessionStartedAt ?? now.toISOString(), isNew };
  const allUncovered = toWindow(uncovered);
  const storedWindow = chooseStoredWindow(allUncovered, settings.windowMin, settings.windowMax);
  const outside = (storedWindow[0]?.seq ?? snapshot.lastSeq + 1) - (allUncovered[0]?.seq ?? snapshot.lastSeq + 1);
  if (outside > 0 && allUncovered.length > settings.windowMax * LAGGING_SUMMARY_FACTOR) {
    // The summary lags (the summariser keeps failing): these messages are neither summarised nor in the prompt.
    // Never silent: logged here, counted in the usage answer once coverage moves past them (summary gap).
    deps.logger.log('warn', 'summary_lagging', {
      conversationId: scope.conversationId,
      messagesOutsideContext: outside,
      gapCount: memory.gapCount,
    });
  }
  const lastStoredSeq = snapshot.lastSeq;
  const loaded: ExposurePairs = isNew || deps.content.assets.size === 0
    ? { pairs: [], firstSeq: null }
    : await loadExposurePairs(deps, scope, snapshot.sessionExposures, uncovered);
  const { pairs } = loaded;
  // The session's length counts from its first exposure, not from the start of the conversation.
  const pins = pinAssets({
    pairs,
    window: storedWindow,
    session: { turns: 0, tokens: await sessionTokensSince(deps, scope, loaded, uncovered) },
    limits: { maxTokens: settings.assetPinMaxTokens },
  });
  const inWindow = new Set(
    storedWindow.flatMap((entry) =>
      entry.message.content.flatMap((block) => (block.type === 'tool_use' ? [block.id] : []))
    ),
  );
  const exposedAssets = new Set([
    ...pins.pinned.map((pin) => pin.assetId),
    ...pairs.filter((pair) => inWindow.has(pair.toolUse.id)).map((pair) => pair.assetId),
  ]);
  return {
    memory,
    uncovered: allUncovered,
    storedWindow,
    lastStoredSeq,
    storedHistoryTokens: snapshot.historyTokens,
    recentUserTurns: uncovered.filter((message) => message.role === 'user' && message.visible).slice(-RECENT_USER_TURNS)
      .map((message) => message.text),
    ...lastReplyOf(uncovered),
    session,
    pinnedAssets: pins.pinned,
    exposedAssets,
  };
}
