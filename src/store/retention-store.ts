// The clean-up part of the store: what expires, and after how long (the scheduled clean-up calls it).

/** The budgets read per-call usage of the last 30 days: no retention may reach into that window. */
export const MIN_USAGE_RETENTION_DAYS = 31;

export type RetentionPolicy = {
  /** Idempotency rows (stored answers and stale claims) older than this are deleted. */
  readonly idempotencyTtlMs: number;
  /** Tool results older than this keep their pairing but lose their text (a marker replaces it). */
  readonly toolResultRetentionMs: number;
  /**
   * Per-call usage rows older than this are deleted from the conversation ledger and folded into per-user totals;
   * at least MIN_USAGE_RETENTION_DAYS, so the budgets' rolling month is never touched.
   */
  readonly usageRetentionMs: number;
};

/** What one clean-up removed. */
export type PurgeCounts = {
  readonly idempotencyKeys: number;
  readonly toolResultMessages: number;
  readonly usageLedgerRows: number;
  /** Rows of the per-user ledger folded into the per-user totals (the totals keep them). */
  readonly userUsageRowsFolded: number;
};

export interface RetentionStore {
  /**
   * Removes what `policy` says has expired at `now`, in bounded batches (each its own short transaction, so turns
   * keep writing meanwhile). Never touches per-user totals or usage inside the budgets' rolling month.
   */
  purgeExpired(input: { readonly policy: RetentionPolicy; readonly now: Date }): Promise<PurgeCounts>;
}
