// The load bench's figures: percentiles, each request's overhead (latency minus the simulator's own time), per phase.
import type { BlockingFigures, SimulatorTiming } from '../../testbench/hardening/serve-load-target.ts';
import type { Phase, Sample } from './drive-load-clients.ts';

export type Figures = {
  accepted: Sample[];
  overheads: number[];
  latencies: number[];
  errors: Map<number, number>;
  requestsPerSecond: number;
  cpuPerTurn: number;
  blocking: BlockingFigures;
};

/** The nearest-rank percentile of ascending values; NaN for none. */
export function percentile(sorted: readonly number[], fraction: number): number {
  return sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN);
}

/** A sample's latency minus the simulator's time on calls for its message made while the request was open. */
export function createOverheadOf(timings: readonly SimulatorTiming[]): (sample: Sample) => number {
  const simulatorTime = new Map<string, SimulatorTiming[]>();
  for (const timing of timings) {
    if (timing.marker !== null) {
      simulatorTime.set(timing.marker, [...(simulatorTime.get(timing.marker) ?? []), timing]);
    }
  }
  return (sample) => {
    const marker = /\[load (c\d+ n\d+)\]/.exec(sample.text)?.[1] ?? '';
    // Only calls made while this request was open count (a later summary of the same message is background work).
    const own = (simulatorTime.get(marker) ?? []).filter((t) =>
      t.startedAt >= sample.startedAt && t.startedAt <= sample.startedAt + sample.latencyMs
    );
    return sample.latencyMs - own.reduce((sum, t) => sum + t.durationMs, 0);
  };
}

/** Accepted requests (status 200), errors by status, sorted overheads and latencies, throughput and CPU per turn. */
export function measureLoadPhase(phase: Phase, overheadOf: (sample: Sample) => number): Figures {
  const accepted = phase.samples.filter((sample) => sample.status === 200);
  const errors = new Map<number, number>();
  for (const sample of phase.samples) {
    if (sample.status !== 200) errors.set(sample.status, (errors.get(sample.status) ?? 0) + 1);
  }
  return {
    accepted,
    errors,
    overheads: accepted.map(overheadOf).sort((a, b) => a - b),
    latencies: accepted.map((sample) => sample.latencyMs).sort((a, b) => a - b),
    requestsPerSecond: phase.samples.length / phase.elapsedSeconds,
    cpuPerTurn: phase.cpuMs / Math.max(1, phase.samples.length),
    blocking: phase.blocking,
  };
}
