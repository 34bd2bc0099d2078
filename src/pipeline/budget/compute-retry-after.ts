// When a budget has room again: the rolling window drops its oldest spending until what is needed fits.

/** Spending in one time bucket of the window, oldest first: `endsAt` is when the bucket's last spending happened or later. */
export type SpendBucket = { readonly endsAt: number; readonly amount: number };

export type RetryAfterInput = {
  /** The window's spending, oldest first. */
  readonly buckets: readonly SpendBucket[];
  readonly limit: number;
  /** What the refused call needs to fit. */
  readonly need: number;
  readonly windowMs: number;
  readonly now: number;
};

/**
 * Whole seconds until enough old spending has left the window for `need` to fit under `limit` (at least 1). When
 * `need` alone exceeds the limit, no wait helps: the answer is the whole window (the caller says so in the message).
 */
export function computeRetryAfterSeconds(input: RetryAfterInput): number {
  const total = input.buckets.reduce((sum, bucket) => sum + bucket.amount, 0);
  const excess = total + input.need - input.limit;
  let waitMs = input.windowMs;
  if (input.need <= input.limit) {
    let freed = 0;
    for (const bucket of input.buckets) {
      freed += bucket.amount;
      if (freed >= excess && total - freed < input.limit) {
        waitMs = bucket.endsAt + input.windowMs - input.now;
        break;
      }
    }
  }
  return Math.max(1, Math.ceil(waitMs / 1000));
}
