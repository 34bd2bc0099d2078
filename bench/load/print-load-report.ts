// The load bench's printed figures: the unloaded baseline, the target run, the stress run, the simulator, the database.
import {
  BASELINE_TURNS,
  CLIENTS,
  CONVERSATIONS,
  SEED,
  TARGET_P99_OVERHEAD_MS,
  THINK_MS_MAX,
  THINK_MS_MIN,
} from './load-settings.ts';
import type { LoadOutcome } from './load-outcome.ts';
import { type Figures, percentile } from './measure-load-phase.ts';

/** Milliseconds (or any figure) to one decimal. */
export const ms = (value: number) => value.toFixed(1);

/** One phase on one line: throughput, latency and overhead percentiles, server CPU and blocking, errors by status. */
function describe(figures: Figures): string {
  return `${figures.accepted.length} accepted, ${ms(figures.requestsPerSecond)} requests/s; latency ms p50 ${
    ms(percentile(figures.latencies, 0.5))
  }, p99 ${ms(percentile(figures.latencies, 0.99))}, max ${
    ms(figures.latencies.at(-1) ?? Number.NaN)
  }; overhead ms p50 ${ms(percentile(figures.overheads, 0.5))}, p99 ${
    ms(percentile(figures.overheads, 0.99))
  }; server CPU ${ms(figures.cpuPerTurn)} ms per turn; server event-loop delay p99 ${
    ms(figures.blocking.loopDelayP99Ms)
  }, max ${ms(figures.blocking.loopDelayMaxMs)} ms, longest GC ${
    ms(figures.blocking.gcMaxMs)
  } ms (${figures.blocking.majorGcs} major); errors ${[...figures.errors.values()].reduce((a, b) => a + b, 0)}${
    figures.errors.size === 0
      ? ''
      : ` (${[...figures.errors].map(([status, n]) => `${status === 0 ? 'network' : status}: ${n}`).join(', ')})`
  }`;
}

/** Prints every figure of the run; the verdict is listMissedLoadTargets'. */
export function printLoadReport(outcome: LoadOutcome): void {
  const { baseline, baselineOverheads, paced, stress, pacedFigures, stressFigures, accepted, findings } = outcome;
  const simulatorMs = outcome.timings.map((t) => t.durationMs).sort((a, b) => a - b);
  console.log(
    `unloaded baseline (1 client, ${BASELINE_TURNS} sequential turns, after the server's ${outcome.warmUpTurns}-turn warm-up before ready): overhead ms p50 ${
      ms(percentile(baselineOverheads, 0.5))
    }, p99 ${ms(percentile(baselineOverheads, 0.99))}`,
  );
  console.log(
    `TARGET RUN: ${CLIENTS} mobile clients over ${CONVERSATIONS} conversations for ${
      ms(paced.elapsedSeconds)
    } s, think time uniform ${THINK_MS_MIN}-${THINK_MS_MAX} ms before each message (seed ${SEED}); ${outcome.niceNote}`,
  );
  console.log(`  ${describe(pacedFigures)}`);
  console.log(
    `  p99 overhead (latency minus the simulator's own time for that request) ${
      ms(percentile(pacedFigures.overheads, 0.99))
    } ms, target < ${TARGET_P99_OVERHEAD_MS} ms`,
  );
  console.log(
    `STRESS RUN (capacity, no latency target): ${CLIENTS} closed-loop clients, no think time, ${
      ms(stress.elapsedSeconds)
    } s`,
  );
  console.log(`  ${describe(stressFigures)}`);
  // Closed loop with zero model latency: mean latency ≈ clients / throughput (Little's law), whatever the overhead per turn.
  console.log(
    `  Little's law: ${CLIENTS} clients / ${ms(stressFigures.requestsPerSecond)} requests/s = ${
      ((CLIENTS / stressFigures.requestsPerSecond) * 1000).toFixed(0)
    } ms mean time in system: queueing, not a latency figure`,
  );
  console.log(
    `simulator ms per Bedrock call: ${outcome.timings.length} calls, p50 ${ms(percentile(simulatorMs, 0.5))}, p99 ${
      ms(percentile(simulatorMs, 0.99))
    }; ${outcome.logLines} server log lines`,
  );
  console.log(
    `database: ${findings.storedUserMessages} user messages stored for ${
      accepted.length + baseline.filter((sample) => sample.status === 200).length
    } accepted (baseline included); lost ${findings.lost}, duplicated ${findings.duplicated}, unacknowledged ${findings.unacknowledged}, conversations with missing answers ${findings.unansweredConversations}, running turns ${findings.runningTurns}, failed turns without an error answer ${findings.silentFailedTurns}`,
  );
}
