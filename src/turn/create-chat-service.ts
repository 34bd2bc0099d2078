// The ChatService the HTTP layer calls: turns through runTurn, summary refreshes in the background, scoped reads.
import { AppError } from '../errors.ts';
import { computeSavingPercent, parseCacheWatch, pickBilledUsage } from '../pipeline/cost/index.ts';
import type { ChatService } from './chat-service.ts';
import { checkEveryToolFits, resolveDomainToolPolicy } from './offer-every-domain-tool.ts';
import { refreshSummary } from './refresh-summary.ts';
import { runTurn } from './run-turn.ts';
import type { TurnDependencies } from './turn-dependencies.ts';

export type RunningChatService = ChatService & {
  /** Resolves when every background summary update started so far has settled (tests, shutdown). */
  drain(): Promise<void>;
  /**
   * Shutdown: refuses new turns (shutting_down), lets running turns finish for up to `graceMs`, then ends the rest
   * cleanly (each fails with shutting_down: usage recorded, lock and key freed) and resolves once they have.
   */
  stopTurns(graceMs: number): Promise<void>;
};

/**
 * Every method is scoped to the caller: another user's conversation is `not_found`. Throws AppError config_invalid when
 * DOMAIN_TOOLS=all and the domain catalogue does not fit half the prompt cap (see checkEveryToolFits). DOMAIN_TOOLS=auto
 * is resolved here, once, for the registry (see resolveDomainToolPolicy) and logged: the turns see `select` or `all`.
 */
export function createChatService(given: TurnDependencies): RunningChatService {
  checkEveryToolFits(given.registry, given.settings);
  const choice = resolveDomainToolPolicy(given.registry, given.settings);
  if (given.settings.domainToolPolicy === 'auto') {
    given.logger.log('info', 'domain_tools', {
      policy: choice.policy,
      catalogueTokens: choice.catalogueTokens,
      reason: choice.reason,
    });
  }
  const deps: TurnDependencies = { ...given, settings: { ...given.settings, domainToolPolicy: choice.policy } };
  const pending = new Set<Promise<unknown>>();
  const turns = new Set<Promise<unknown>>();
  const shutdown = new AbortController();
  // One summary update per conversation at a time; a request while one runs is remembered and run once after it.
  const refreshing = new Map<string, { again: boolean }>();
  let stopping = false;

  const scheduleRefresh = (
    ownerId: string,
    conversationId: string,
    runInBackground: (task: Promise<unknown>) => void,
  ): void => {
    const running = refreshing.get(conversationId);
    if (running !== undefined) {
      running.again = true;
      return;
    }
    const entry = { again: false };
    refreshing.set(conversationId, entry);
    const task = (async () => {
      do {
        entry.again = false;
        await refreshSummary(deps, { ownerId, conversationId }).catch((error: unknown) => {
          if (!(error instanceof AppError && error.code === 'not_found')) {
            deps.logger.log('error', 'summary_refresh_failed', {
              conversationId,
              error: error instanceof AppError ? error.code : error instanceof Error ? error.name : typeof error,
            });
          }
        });
      } while (entry.again);
      refreshing.delete(conversationId);
    })();
    pending.add(task);
    void task.finally(() => pending.delete(task));
    runInBackground(task);
  };

  return {
    async createConversation(input) {
      const record = await deps.store.createConversation({
        ownerId: input.userId,
        ...(input.title === undefined ? {} : { title: input.title }),
      });
      return { id: record.id, createdAt: record.createdAt };
    },
    async sendMessage(input) {
      if (shutdown.signal.aborted || stopping) {
        throw new AppError('shutting_down', 'the server is shutting down; retry with the same Idempotency-Key');
      }
      const turn = runTurn(deps, input, shutdown.signal);
      turns.add(turn);
      void turn.catch(() => {}).finally(() => turns.delete(turn));
      const { result, summaryDue } = await turn;
      // Exact, not a heuristic: a turn that pushed nothing out of the window leaves the refresh nothing to do (isSummaryDue).
      if (summaryDue) {
        scheduleRefresh(input.userId, input.conversationId, input.runInBackground ?? deps.runInBackground);
      }
      return result;
    },
    async listMessages(input) {
      const page = await deps.store.listVisibleMessages({
        ownerId: input.userId,
        conversationId: input.conversationId,
        limit: input.limit,
        ...(input.before === undefined ? {} : { before: input.before }),
      });
      return {
        messages: page.messages.map((message) => ({
          id: message.id,
          role: message.role,
          text: message.text,
          createdAt: message.createdAt,
        })),
        nextBefore: page.nextBefore,
      };
    },
    async getUsage(input) {
      const scope = { ownerId: input.userId, conversationId: input.conversationId };
      const [totals, cacheState] = await Promise.all([deps.store.usageTotals(scope), deps.store.loadCacheState(scope)]);
      const watch = parseCacheWatch(cacheState?.watch);
      return {
        ...pickBilledUsage(totals),
        savingPercent: computeSavingPercent(totals.costUSD, totals.naiveCostUSD),
        summaryTokens: totals.summaryTokens,
        summaryGaps: totals.summaryGaps,
        unsummarisedMessages: totals.unsummarisedMessages,
        cacheWithheld: watch.withheld.map((entry) => ({
          layer: entry.layer,
          cause: entry.cause,
          unreadWrites: entry.unreadWrites,
          since: new Date(entry.since).toISOString(),
        })),
      };
    },
    async deleteConversation(input) {
      const deleted = await deps.store.deleteConversation({
        ownerId: input.userId,
        conversationId: input.conversationId,
      });
      if (!deleted) throw new AppError('not_found', 'conversation not found');
    },
    async drain() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    async stopTurns(graceMs) {
      stopping = true;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
      await Promise.race([Promise.allSettled([...turns]), grace]);
      clearTimeout(timer);
      if (turns.size > 0) {
        deps.logger.log('warn', 'turns_stopped_at_shutdown', { turns: turns.size });
        shutdown.abort();
      }
      while (turns.size > 0) await Promise.allSettled([...turns]);
    },
  };
}
