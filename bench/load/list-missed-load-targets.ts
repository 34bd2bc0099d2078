// The load bench's verdict: every target the run missed, in words (none: every target met).
import { TARGET_P99_OVERHEAD_MS } from './load-settings.ts';
import type { LoadOutcome } from './load-outcome.ts';
import { percentile } from './measure-load-phase.ts';
import { ms } from './print-load-report.ts';

/** The target run's p99 overhead, failed requests, and every problem the database audit found. */
export function listMissedLoadTargets({ pacedFigures, samples, accepted, baseline, findings }: LoadOutcome): string[] {
  return [
    percentile(pacedFigures.overheads, 0.99) < TARGET_P99_OVERHEAD_MS
      ? ''
      : `target run p99 overhead ${
        ms(percentile(pacedFigures.overheads, 0.99))
      } ms is not under ${TARGET_P99_OVERHEAD_MS} ms`,
    samples.length === accepted.length ? '' : `${samples.length - accepted.length} requests failed`,
    baseline.every((sample) => sample.status === 200) ? '' : 'a baseline request failed',
    findings.lost === 0 ? '' : `${findings.lost} accepted messages are not stored`,
    findings.duplicated === 0 ? '' : `${findings.duplicated} messages are stored more than once`,
    findings.unansweredConversations === 0 ? '' : `${findings.unansweredConversations} conversations lack answers`,
    findings.runningTurns === 0 ? '' : `${findings.runningTurns} turns are still running`,
    findings.silentFailedTurns === 0 ? '' : `${findings.silentFailedTurns} turns failed without an error answer`,
    accepted.length > 0 ? '' : 'no request was accepted',
  ].filter((line) => line !== '');
}
