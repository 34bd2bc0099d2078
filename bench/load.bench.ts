// Load: 50 clients over 200 conversations for 30 s against the real Node server (simulator as Bedrock, zero model
// latency, local libSQL file, loopback only), then a database audit. Two runs on one server:
// 1. The target run. A mobile user reads the answer and types before sending again, so each client waits a seeded
//    think time before each message (uniform LOAD_THINK_MS_MIN..LOAD_THINK_MS_MAX, default 500..2500 ms: a very fast
//    user; real reading and typing take longer, so this is the harsh end). Targets: p99 overhead < 50 ms, zero errors.
// 2. A closed-loop stress run (no think time, LOAD_STRESS_SECONDS, default 10 s) for capacity: requests/s and server CPU
//    per turn. It has no latency target: with zero think time, latency is queueing (Little's law), whatever the code does.
// The load generator and the simulator stand in for phones and Bedrock, which never share the server's machine: after
// forking the server, this process lowers its own scheduling priority (LOAD_NICE, default 10; 0 turns it off) so that
// on this 2-core machine it yields the CPU to the server when both want it. Its own delays still count against us:
// latency is timed here, on the client side, and only the simulator's time inside its handler is subtracted.
// Then: zero lost or duplicated messages, every turn finished. Standalone: `tsx bench/load.bench.ts`; exits 1 when the
// target run misses a target, any request fails or the database audit finds a problem. LOAD_THINK_MS_MAX=0 makes the
// target run closed-loop too (the old stress-only benchmark).
// The server runs in its own process (as in production); the load generator and the simulator share this one.
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { mintDevelopmentToken } from '../src/http/mint-development-token.ts';
import { checkLoadDatabase } from '../testbench/hardening/check-load-database.ts';
import {
  type BlockingFigures,
  epochNow,
  type LoadTargetMessage,
  type SimulatorTiming,
  timeSimulator,
} from '../testbench/hardening/serve-load-target.ts';
import { createSimulator } from '../testbench/simulator/create-simulator.ts';
import { startSimulatorServer } from '../testbench/simulator/start-simulator-server.ts';

const CLIENTS = 50;
const CONVERSATIONS = 200;
/** LOAD_SECONDS shortens a trial run; the figures that count use the 30 s default. */
const DURATION_MS = Number(process.env['LOAD_SECONDS'] ?? 30) * 1000;
/** Upper bound on requests, whatever the machine's speed: the run is bounded in count as well as time. */
const MAX_REQUESTS = 100_000;
const TARGET_P99_OVERHEAD_MS = 50;
const THINK_MS_MIN = Number(process.env['LOAD_THINK_MS_MIN'] ?? 500);
const THINK_MS_MAX = Math.max(THINK_MS_MIN, Number(process.env['LOAD_THINK_MS_MAX'] ?? 2500));
const STRESS_MS = Number(process.env['LOAD_STRESS_SECONDS'] ?? 10) * 1000;
/** Think times are seeded: the same LOAD_SEED gives the same schedule. */
const SEED = Number(process.env['LOAD_SEED'] ?? 1);
/** Niceness of this process (load generator and simulator) once the server is forked: 0 (no change) to 19. */
const NICE = Math.min(19, Math.max(0, Math.trunc(Number(process.env['LOAD_NICE'] ?? 10))));
/** Sequential turns of one client before the load, for the unloaded overhead. */
const BASELINE_TURNS = 30;
/** LOAD_PROFILE_DIR=<dir> writes a CPU profile of the server process there (open it in Chrome DevTools). */
const PROFILE_ARGS = process.env['LOAD_PROFILE_DIR'] === undefined
  ? []
  : ['--cpu-prof', `--cpu-prof-dir=${process.env['LOAD_PROFILE_DIR']}`];

type Phase = {
  readonly samples: readonly Sample[];
  readonly elapsedSeconds: number; /** Server CPU (user + system) during the run. */
  readonly cpuMs: number;
  readonly blocking: BlockingFigures;
};
type Sample = {
  readonly conversation: number;
  readonly text: string;
  readonly status: number;
  readonly startedAt: number;
  readonly latencyMs: number;
};

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN);
}

/** mulberry32: a small seeded generator of numbers in [0, 1). */
function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Lowers this process's priority (the forked server keeps its own); says what happened, for the printed figures. */
function lowerOwnPriority(nice: number): string {
  if (nice === 0) return "load generator and simulator at the server's priority (LOAD_NICE=0)";
  try {
    setPriority(0, nice);
    return `load generator and simulator at nice ${nice}, the server at nice 0 (LOAD_NICE)`;
  } catch (error) {
    return `load generator and simulator at the server's priority: nice ${nice} was refused (${
      error instanceof Error ? error.message : String(error)
    })`;
  }
}

function startTarget(databasePath: string, simulatorUrl: string) {
  const child = fork('testbench/hardening/serve-load-target.ts', [databasePath, simulatorUrl], {
    execArgv: ['--import', 'tsx', ...PROFILE_ARGS],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = <K extends LoadTargetMessage['kind']>(kind: K) =>
    new Promise<Extract<LoadTargetMessage, { kind: K }>>((resolve, reject) => {
      child.on(
        'message',
        (message: LoadTargetMessage) =>
          message.kind === kind && resolve(message as Extract<LoadTargetMessage, { kind: K }>),
      );
      child.once('exit', (code) => reject(new Error(`the server process exited (${code}) before sending "${kind}"`)));
    });
  return { child, next };
}

const directory = mkdtempSync(join(tmpdir(), 'tokenwise-load-'));
const databasePath = join(directory, 'load.db');
const timings: SimulatorTiming[] = [];
const simulator = await startSimulatorServer({
  port: 0,
  hostname: '127.0.0.1',
  simulator: timeSimulator(createSimulator(), timings),
});
const target = startTarget(databasePath, simulator.url);
const niceNote = lowerOwnPriority(NICE);
try {
  const { url, secret, warmUpTurns } = await target.next('ready');
  const tokens = await Promise.all(
    Array.from(
      { length: CLIENTS },
      (_, n) => mintDevelopmentToken({ secret, sub: `load-user-${n}`, ttlSeconds: 3600 }),
    ),
  );
  const conversationIds: string[] = [];
  // One more conversation than the load uses: the unloaded baseline runs on it.
  for (let n = 0; n <= CONVERSATIONS; n += 1) {
    const response = await fetch(`${url}/v1/conversations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens[n % CLIENTS]}` },
    });
    if (response.status !== 201) {
      throw new Error(`creating conversation ${n} answered ${response.status}: ${await response.text()}`);
    }
    conversationIds.push(((await response.json()) as { id: string }).id);
  }
  const numbers = new Array<number>(CONVERSATIONS + 1).fill(0);
  const send = async (client: number, conversation: number): Promise<Sample> => {
    const number = numbers[conversation]!;
    numbers[conversation] = number + 1;
    const text = `[load c${conversation} n${number}] Please add a task to buy milk and tell me what is due today.`;
    const startedAt = epochNow();
    const response = await fetch(`${url}/v1/conversations/${conversationIds[conversation]}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens[client]}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text }),
    }).catch(() => undefined);
    await response?.arrayBuffer();
    return { conversation, text, status: response?.status ?? 0, startedAt, latencyMs: epochNow() - startedAt };
  };
  const cpuNow = async () => {
    const answer = target.next('cpu');
    target.child.send('cpu');
    return answer;
  };
  // Client c owns conversations c, c+50, c+100, c+150 and sends to them in turn, one request at a time.
  const runPhase = async (durationMs: number, thinkMin: number, thinkMax: number): Promise<Phase> => {
    const samples: Sample[] = [];
    const cpuBefore = (await cpuNow()).cpuMs;
    const started = epochNow();
    const stopAt = started + durationMs;
    await Promise.all(Array.from({ length: CLIENTS }, async (_, client) => {
      const random = createRandom(SEED * 1_000 + client);
      const owned = CONVERSATIONS / CLIENTS;
      for (let round = 0; samples.length < MAX_REQUESTS; round += 1) {
        const think = thinkMin + random() * (thinkMax - thinkMin);
        if (think > 0) await new Promise((resolve) => setTimeout(resolve, think));
        if (epochNow() >= stopAt) break;
        samples.push(await send(client, client + CLIENTS * (round % owned)));
      }
    }));
    const elapsedSeconds = (epochNow() - started) / 1000;
    const after = await cpuNow();
    return { samples, elapsedSeconds, cpuMs: after.cpuMs - cpuBefore, blocking: after.blocking };
  };
  // Baseline: one client alone, so the per-request overhead is seen without queueing behind 49 others.
  const baseline: Sample[] = [];
  for (let turn = 0; turn < BASELINE_TURNS; turn += 1) baseline.push(await send(0, CONVERSATIONS));
  const paced = await runPhase(DURATION_MS, THINK_MS_MIN, THINK_MS_MAX);
  const stress = await runPhase(STRESS_MS, 0, 0);
  target.child.send('stop');
  const exited = new Promise((resolve) => target.child.once('exit', resolve));
  const { logLines } = await target.next('stopped');
  await exited;

  const simulatorTime = new Map<string, SimulatorTiming[]>();
  for (const timing of timings) {
    if (timing.marker !== null) {
      simulatorTime.set(timing.marker, [...(simulatorTime.get(timing.marker) ?? []), timing]);
    }
  }
  const overheadOf = (sample: Sample): number => {
    const marker = /\[load (c\d+ n\d+)\]/.exec(sample.text)?.[1] ?? '';
    // Only calls made while this request was open count (a later summary of the same message is background work).
    const own = (simulatorTime.get(marker) ?? []).filter((t) =>
      t.startedAt >= sample.startedAt && t.startedAt <= sample.startedAt + sample.latencyMs
    );
    return sample.latencyMs - own.reduce((sum, t) => sum + t.durationMs, 0);
  };
  type Figures = {
    accepted: Sample[];
    overheads: number[];
    latencies: number[];
    errors: Map<number, number>;
    requestsPerSecond: number;
    cpuPerTurn: number;
    blocking: BlockingFigures;
  };
  const measure = (phase: Phase): Figures => {
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
  };
  const pacedFigures = measure(paced);
  const stressFigures = measure(stress);
  const samples = [...paced.samples, ...stress.samples];
  const accepted = [...pacedFigures.accepted, ...stressFigures.accepted];
  const baselineOverheads = baseline.filter((sample) => sample.status === 200).map(overheadOf).sort((a, b) => a - b);
  const byConversation = new Map<string, string[]>();
  for (const sample of [...baseline, ...accepted].filter((one) => one.status === 200)) {
    const id = conversationIds[sample.conversation] ?? '';
    byConversation.set(id, [...(byConversation.get(id) ?? []), sample.text]);
  }
  const findings = await checkLoadDatabase({
    databasePath,
    accepted: byConversation,
    errorAnswers: samples.length - accepted.length + baseline.filter((sample) => sample.status !== 200).length,
  });
  const simulatorMs = timings.map((t) => t.durationMs).sort((a, b) => a - b);

  const ms = (value: number) => value.toFixed(1);
  const describe = (figures: Figures) =>
    `${figures.accepted.length} accepted, ${ms(figures.requestsPerSecond)} requests/s; latency ms p50 ${
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
  console.log(
    `unloaded baseline (1 client, ${BASELINE_TURNS} sequential turns, after the server's ${warmUpTurns}-turn warm-up before ready): overhead ms p50 ${
      ms(percentile(baselineOverheads, 0.5))
    }, p99 ${ms(percentile(baselineOverheads, 0.99))}`,
  );
  console.log(
    `TARGET RUN: ${CLIENTS} mobile clients over ${CONVERSATIONS} conversations for ${
      ms(paced.elapsedSeconds)
    } s, think time uniform ${THINK_MS_MIN}-${THINK_MS_MAX} ms before each message (seed ${SEED}); ${niceNote}`,
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
    `simulator ms per Bedrock call: ${timings.length} calls, p50 ${ms(percentile(simulatorMs, 0.5))}, p99 ${
      ms(percentile(simulatorMs, 0.99))
    }; ${logLines} server log lines`,
  );
  console.log(
    `database: ${findings.storedUserMessages} user messages stored for ${
      accepted.length + baseline.filter((sample) => sample.status === 200).length
    } accepted (baseline included); lost ${findings.lost}, duplicated ${findings.duplicated}, unacknowledged ${findings.unacknowledged}, conversations with missing answers ${findings.unansweredConversations}, running turns ${findings.runningTurns}, failed turns without an error answer ${findings.silentFailedTurns}`,
  );
  const missed = [
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
  console.log(missed.length === 0 ? 'load: every target met' : `load: MISSED: ${missed.join('; ')}`);
  process.exitCode = missed.length === 0 ? 0 : 1;
} finally {
  if (target.child.connected) target.child.send('stop');
  target.child.kill();
  await simulator.close();
  rmSync(directory, { recursive: true, force: true });
}
