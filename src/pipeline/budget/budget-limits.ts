// Budget limits: per user and per conversation, in tokens or USD, over a rolling day and month; merging and checking.

export type BudgetSubject = 'user' | 'conversation';
export type BudgetPeriod = 'day' | 'month';
export type BudgetMeasure = 'tokens' | 'usd';
/** One limit's name, e.g. `user.day.usd`. */
export type BudgetKey = `${BudgetSubject}.${BudgetPeriod}.${BudgetMeasure}`;

/** A limit per key; an absent key (or null in an override) is no limit. */
export type BudgetLimits = Readonly<Partial<Record<BudgetKey, number>>>;
/** A per-user override: a number replaces the default limit, null removes it, an absent key keeps the default. */
export type BudgetOverride = Readonly<Partial<Record<BudgetKey, number | null>>>;
/** What was spent in each key's rolling window. */
export type BudgetSpend = Readonly<Record<BudgetKey, number>>;

export const BUDGET_KEYS: readonly BudgetKey[] = (['user', 'conversation'] as const).flatMap((subject) =>
  (['day', 'month'] as const).flatMap((period) =>
    (['tokens', 'usd'] as const).map((measure): BudgetKey => `${subject}.${period}.${measure}`)
  )
);
const KNOWN_KEYS: ReadonlySet<string> = new Set(BUDGET_KEYS);

/** The rolling windows: a day is the last 24 hours, a month the last 30 days. */
export const PERIOD_MS: Readonly<Record<BudgetPeriod, number>> = { day: 86_400_000, month: 30 * 86_400_000 };

export function splitBudgetKey(
  key: BudgetKey,
): { subject: BudgetSubject; period: BudgetPeriod; measure: BudgetMeasure } {
  const [subject, period, measure] = key.split('.') as [BudgetSubject, BudgetPeriod, BudgetMeasure];
  return { subject, period, measure };
}

export function isBudgetKey(name: string): name is BudgetKey {
  return KNOWN_KEYS.has(name);
}

/** The defaults with the user's override applied. */
export function mergeBudgetLimits(defaults: BudgetLimits, override: BudgetOverride | null): BudgetLimits {
  const merged: Partial<Record<BudgetKey, number>> = {};
  for (const key of BUDGET_KEYS) {
    const value = override !== null && Object.hasOwn(override, key) ? override[key] : defaults[key];
    if (typeof value === 'number') merged[key] = value;
  }
  return merged;
}

/** Reads a stored override (parsed JSON); throws a plain Error naming the first bad entry. */
export function parseBudgetOverride(value: unknown): BudgetOverride {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error('a budget override must be a JSON object such as {"user.day.usd": 2}');
  }
  const override: Partial<Record<BudgetKey, number | null>> = {};
  for (const [name, limit] of Object.entries(value)) {
    if (!isBudgetKey(name)) throw new Error(`unknown budget "${name}": use one of ${BUDGET_KEYS.join(', ')}`);
    if (limit !== null && !(typeof limit === 'number' && Number.isFinite(limit) && limit >= 0)) {
      throw new Error(
        `budget "${name}" must be a non-negative number or null (no limit), got ${JSON.stringify(limit)}`,
      );
    }
    override[name] = limit;
  }
  return override;
}

/** The next call's least possible consumption: its input tokens, and their cost at the cheapest (cache-read) price. */
export type BudgetNeed = { readonly tokens: number; readonly usd: number };

export type BudgetVerdict =
  | { readonly ok: true }
  | {
    readonly ok: false;
    readonly key: BudgetKey;
    readonly limit: number;
    readonly spent: number;
    readonly need: number;
  };

/**
 * A call may run only while every limit still has room for what it will certainly use: spent + need ≤ limit, and
 * spent < limit. The first limit that fails is named (user limits before conversation limits, day before month).
 */
export function checkBudget(limits: BudgetLimits, spent: BudgetSpend, need: BudgetNeed): BudgetVerdict {
  for (const key of BUDGET_KEYS) {
    const limit = limits[key];
    if (limit === undefined) continue;
    const amount = splitBudgetKey(key).measure === 'tokens' ? need.tokens : need.usd;
    if (spent[key] >= limit || spent[key] + amount > limit) {
      return { ok: false, key, limit, spent: spent[key], need: amount };
    }
  }
  return { ok: true };
}

/** What is left under each configured limit (never below 0); keys without a limit are absent. */
export function remainingBudget(limits: BudgetLimits, spent: BudgetSpend): Partial<Record<BudgetKey, number>> {
  const remaining: Partial<Record<BudgetKey, number>> = {};
  for (const key of BUDGET_KEYS) {
    const limit = limits[key];
    if (limit !== undefined) remaining[key] = Math.max(0, limit - spent[key]);
  }
  return remaining;
}
