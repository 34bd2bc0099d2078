// What our own extra model calls cost beyond their input: the selector's and the summariser's replies.
import type { ConversationFigures } from './compute-replay-figures.ts';

/**
 * The output cost (USD) of our selector and summariser calls over a run's conversations. The baselines make no such
 * calls, and every main call's output is charged to both sides alike (see computeConversationFigures), so this is the
 * whole of what a bill that counts output as well adds to ours over billed input. Pure.
 */
export function sumCheapOutputUsd(conversations: readonly Pick<ConversationFigures, 'ourKinds'>[]): number {
  let total = 0;
  for (const { ourKinds } of conversations) {
    for (const kind of [ourKinds.selector, ourKinds.summariser]) total += kind.totalUsd - kind.billedInputUsd;
  }
  return total;
}
