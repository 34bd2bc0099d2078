// What a load run leaves behind for its report and its verdict: the requests, their figures and the database audit.
import type { LoadDatabaseFindings } from '../../testbench/hardening/check-load-database.ts';
import type { SimulatorTiming } from '../../testbench/hardening/serve-load-target.ts';
import type { Phase, Sample } from './drive-load-clients.ts';
import type { Figures } from './measure-load-phase.ts';

export type LoadOutcome = {
  /** The server's warm-up turns before it said ready. */
  readonly warmUpTurns: number;
  /** Whether this process lowered its priority (lowerOwnPriority's sentence). */
  readonly niceNote: string;
  readonly baseline: readonly Sample[];
  /** Overheads of the accepted baseline requests, ascending. */
  readonly baselineOverheads: readonly number[];
  readonly paced: Phase;
  readonly stress: Phase;
  readonly pacedFigures: Figures;
  readonly stressFigures: Figures;
  /** Both phases' requests, and those of them accepted (the baseline apart). */
  readonly samples: readonly Sample[];
  readonly accepted: readonly Sample[];
  /** Every Bedrock call the simulator answered. */
  readonly timings: readonly SimulatorTiming[];
  readonly logLines: number;
  readonly findings: LoadDatabaseFindings;
};
