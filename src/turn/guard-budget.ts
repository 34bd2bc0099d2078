// The budget guard of one turn: the concurrent-turn cap at its start, and the budgets before each model call.
import { lookupModelFacts } from '../config/models.ts';
import { AppError } from '../errors.ts';
import {
  BUDGET_KEYS,
  type BudgetKey,
  type BudgetSpend,
  checkBudget,
  computeRetryAfterSeconds,
  mergeBudgetLimits,
  PERIOD_MS,
  splitBudgetKey,
} from '../pipeline/budget/index.ts';
import { computeCost } from '../pipeline/cost/index.ts';
import type { ConversationScope } from '../store/store-records.ts';
import type { ModelCallRecord } from './account-model-call.ts';
import type { TurnDependencies } from './turn-dependencies.ts';

/** What the next model call will certainly use: its estimated input tokens (every one of them counts as a token and
 * costs at least the cache-read price). */
export type NextCall = { readonly modelId: string; readonly inputTokens: number };

export type BudgetGuard = {
  /** At the turn's start (its lock held): AppError 'too_many_turns' or 'budget_exceeded' when it may not run. */
  admit(): Promise<void>;
  /** Before a model call: null when it may run, else the 'budget_exceeded' error (with details.retryAfterSeconds). */
  beforeCall(next: NextCall): Promise<AppError | null>;
};

/** Seconds a client refused by the concurrent-turn cap should wait: turns usually take a few seconds. */
const BUSY_RETRY_SECONDS = 2;

const PERIOD_WORDS = { day: 'the last 24 hours', month: 'the last 30 days' } as const;

function formatAmount(key: BudgetKey, amount: number): string {
  return splitBudgetKey(key).measure === 'usd' ? `$${amount.toFixed(4)}` : `${Math.round(amount)} tokens`;
}

function formatWait(seconds: number): string {
  if (seconds < 120) return `${seconds} s`;
  if (seconds < 7_200) return `${Math.ceil(seconds / 60)} min`;
  return seconds < 172_800 ? `${Math.ceil(seconds / 3_600)} h` : `${Math.ceil(seconds / 86_400)} days`;
}

/** Adds this turn's calls (not in the ledger until the turn is stored) to every window. */
function addTurnCalls(spent: BudgetSpend, calls: readonly ModelCallRecord[]): BudgetSpend {
  let tokens = 0;
  let usd = 0;
  for (const call of calls) {
    const usage = call.reply.usage;
    tokens += usage.inputTokens + usage.outputTokens + usage.cacheReadInputTokens + usage.cacheWriteInputTokens;
    usd += computeCost(usage, lookupModelFacts(call.request.modelId).pricePerMillion);
  }
  return Object.fromEntries(
    BUDGET_KEYS.map((key) => [key, spent[key] + (splitBudgetKey(key).measure === 'tokens' ? tokens : usd)]),
  ) as BudgetSpend;
}

/** `calls` returns this turn's model calls so far (they count before they are stored). */
export function createBudgetGuard(
  deps: TurnDependencies,
  scope: ConversationScope,
  calls: () => readonly ModelCallRecord[],
): BudgetGuard {
  const check = async (next: NextCall): Promise<{ error: AppError | null; runningTurns: number }> => {
    const now = deps.clock();
    const state = await deps.store.readBudgetState({ ...scope, now });
    const limits = mergeBudgetLimits(deps.settings.budgets, state.override);
    const spent = addTurnCalls(state.spent, calls());
    const cacheRead = lookupModelFacts(next.modelId).pricePerMillion.cacheRead;
    const verdict = checkBudget(limits, spent, { tokens: next.inputTokens, usd: next.inputTokens * cacheRead / 1e6 });
    if (verdict.ok) return { error: null, runningTurns: state.runningTurns };
    const { subject, period, measure } = splitBudgetKey(verdict.key);
    const buckets = await deps.store.readSpendBuckets({
      ownerId: scope.ownerId,
      conversationId: subject === 'conversation' ? scope.conversationId : null,
      period,
      measure,
      now,
    });
    const pending = verdict.spent - buckets.reduce((sum, bucket) => sum + bucket.amount, 0);
    const retryAfterSeconds = computeRetryAfterSeconds({
      buckets: pending > 0 ? [...buckets, { endsAt: now.getTime(), amount: pending }] : buckets,
      limit: verdict.limit,
      need: verdict.need,
      windowMs: PERIOD_MS[period],
      now: now.getTime(),
    });
    const owner = subject === 'user' ? 'Your' : "This conversation's";
    const used = `${formatAmount(verdict.key, verdict.spent)} of ${formatAmount(verdict.key, verdict.limit)} ` +
      `used in ${PERIOD_WORDS[period]}`;
    const kind = measure === 'usd' ? 'spending' : 'token';
    const message = verdict.spent < verdict.limit && verdict.need > verdict.limit
      ? `${owner} ${kind} budget is too small for this message (${formatAmount(verdict.key, verdict.need)} needed, ${
        formatAmount(verdict.key, verdict.limit)
      } allowed in ${PERIOD_WORDS[period]}).`
      : `${owner} ${kind} budget ${
        verdict.spent >= verdict.limit ? 'is used up' : 'has too little left for this message'
      } ` +
        `(${used}); there is room again in about ${formatWait(retryAfterSeconds)}.`;
    deps.logger.log('info', 'budget_exceeded', {
      conversationId: scope.conversationId,
      budget: verdict.key,
      limit: verdict.limit,
      spent: verdict.spent,
      need: verdict.need,
      retryAfterSeconds,
    });
    const error = new AppError('budget_exceeded', message, {
      details: { budget: verdict.key, limit: verdict.limit, spent: verdict.spent, retryAfterSeconds },
    });
    return { error, runningTurns: state.runningTurns };
  };
  return {
    async admit() {
      const { error, runningTurns } = await check({ modelId: deps.settings.mainModelId, inputTokens: 0 });
      // The lock this turn holds counts: a cap of 2 lets a second conversation run beside one other.
      if (runningTurns > deps.settings.maxConcurrentTurns) {
        throw new AppError(
          'too_many_turns',
          `You have ${
            runningTurns - 1
          } other turns running; at most ${deps.settings.maxConcurrentTurns} may run at once. ` +
            'Wait for one to finish.',
          { details: { retryAfterSeconds: BUSY_RETRY_SECONDS, limit: deps.settings.maxConcurrentTurns } },
        );
      }
      if (error !== null) throw error;
    },
    async beforeCall(next) {
      return (await check(next)).error;
    },
  };
}
