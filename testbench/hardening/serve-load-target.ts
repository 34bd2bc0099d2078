// The load benchmark's server process (the real Node server on loopback, driven over IPC) and its simulator timing.
// Forked by bench/load.bench.ts (through bench/load/start-load-target.ts) as
// `node --import tsx testbench/hardening/serve-load-target.ts <database path> <simulator url>`.
// The simulator stays in the bench process: like Bedrock, it must not spend the server's CPU.
import { writeFileSync } from 'node:fs';
import { constants as perfConstants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { mintDevelopmentToken } from '../../src/http/mint-development-token.ts';
import { startNodeServer } from '../../src/runtime/node.ts';
import type { Simulator } from '../simulator/create-simulator.ts';

/** Every load message carries `[load c<conversation> n<number>]`; the LAST one in a Bedrock body is the current message. */
export const LOAD_MARKER = /\[load c(\d+) n(\d+)\]/g;

/** One Bedrock call as the simulator served it: the current message's marker, when it started (epoch ms) and took. */
export type SimulatorTiming = {
  readonly marker: string | null;
  readonly startedAt: number;
  readonly durationMs: number;
};

/** Turns the server runs on itself before 'ready' (JIT, caches, connections warm, as on a production server). */
export const WARM_UP_TURNS = 40;

/** What blocked the server's event loop since the previous 'cpu' message: the run's tail suspects. */
export type BlockingFigures = {
  readonly loopDelayP99Ms: number;
  readonly loopDelayMaxMs: number;
  readonly gcMaxMs: number;
  readonly majorGcs: number;
};

export type LoadTargetMessage =
  | { readonly kind: 'ready'; readonly url: string; readonly secret: string; readonly warmUpTurns: number }
  | {
    readonly kind:
      'cpu'; /** CPU the server process spent after 'ready' (user + system), answering the message 'cpu'. */
    readonly cpuMs: number;
    readonly blocking: BlockingFigures;
  }
  | {
    readonly kind: 'stopped';
    readonly logLines: number; /** CPU the server process spent after 'ready' (user + system). */
    readonly cpuMs: number;
  };

/** A clock comparable across processes on one machine: epoch milliseconds with sub-millisecond resolution. */
export function epochNow(): number {
  return performance.timeOrigin + performance.now();
}

/** The last load marker in `text`, e.g. `c12 n7`, or null. */
export function findLastMarker(text: string): string | null {
  let last: string | null = null;
  for (const match of text.matchAll(LOAD_MARKER)) last = `c${match[1]} n${match[2]}`;
  return last;
}

/** Wraps the simulator so each call's own time (body read to last byte buffered) is recorded with its marker. */
export function timeSimulator(simulator: Simulator, timings: SimulatorTiming[]): Simulator {
  return {
    ...simulator,
    async fetch(request) {
      const startedAt = epochNow();
      const body = await request.text();
      const response = await simulator.fetch(
        new Request(request.url, { method: request.method, headers: request.headers, body: body === '' ? null : body }),
      );
      const bytes = await response.arrayBuffer();
      timings.push({ marker: findLastMarker(body), startedAt, durationMs: epochNow() - startedAt });
      return new Response(bytes, { status: response.status, headers: response.headers });
    },
  };
}

/** Sends WARM_UP_TURNS turns over two conversations (long enough for summaries), then deletes them: the audit sees none. */
async function warmUp(url: string, secret: string): Promise<void> {
  const token = await mintDevelopmentToken({ secret, sub: 'load-warm-up', ttlSeconds: 600 });
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const ids: string[] = [];
  for (let n = 0; n < 2; n += 1) {
    ids.push(
      ((await (await fetch(`${url}/v1/conversations`, { method: 'POST', headers })).json()) as { id: string }).id,
    );
  }
  for (let turn = 0; turn < WARM_UP_TURNS; turn += 1) {
    const response = await fetch(`${url}/v1/conversations/${ids[turn % ids.length]}/messages`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ text: `Warm-up ${turn}: please add a task to buy milk and tell me what is due today.` }),
    });
    if (response.status !== 200) {
      throw new Error(`warm-up turn ${turn} answered ${response.status}: ${await response.text()}`);
    }
    await response.arrayBuffer();
  }
  // Let the background summaries finish before the conversations go.
  await new Promise((resolve) => setTimeout(resolve, 200));
  for (const id of ids) {
    await (await fetch(`${url}/v1/conversations/${id}`, { method: 'DELETE', headers })).arrayBuffer();
  }
}

/** Event-loop delay and GC pauses, reset each time they are read. */
function watchBlocking(): () => BlockingFigures {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  let gcMaxMs = 0;
  let majorGcs = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gcMaxMs = Math.max(gcMaxMs, entry.duration);
      if (
        (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ===
          perfConstants.NODE_PERFORMANCE_GC_MAJOR
      ) majorGcs += 1;
    }
  }).observe({ entryTypes: ['gc'] });
  return () => {
    const figures = { loopDelayP99Ms: delay.percentile(99) / 1e6, loopDelayMaxMs: delay.max / 1e6, gcMaxMs, majorGcs };
    delay.reset();
    gcMaxMs = 0;
    majorGcs = 0;
    return figures;
  };
}

async function main(databasePath: string, bedrockEndpoint: string): Promise<void> {
  const secret = `load-bench-secret-${crypto.randomUUID()}`;
  let logLines = 0;
  // Log lines are built as in production (the default level) but not printed: 50 clients would flood the terminal.
  // LOAD_LOG_FILE=<path> keeps them in memory and writes them there at the end (to study a run's slow turns).
  const logFile = process.env['LOAD_LOG_FILE'];
  const kept: string[] = [];
  const server = await startNodeServer(
    { BEDROCK_ENDPOINT: bedrockEndpoint, AUTH_JWT_SECRET: secret, DATABASE_URL: `file:${databasePath}` },
    {
      port: 0,
      hostname: '127.0.0.1',
      write: (line: string) => {
        logLines += 1;
        if (logFile !== undefined) kept.push(line);
      },
    },
  );
  const send = (message: LoadTargetMessage) => process.send?.(message);
  const cpuMs = () => {
    const used = process.cpuUsage(cpuAtReady);
    return (used.user + used.system) / 1000;
  };
  process.on('message', (message: unknown) => {
    if (message === 'cpu') send({ kind: 'cpu', cpuMs: cpuMs(), blocking: readBlocking() });
    if (message !== 'stop') return;
    void server.close().then(() => {
      if (logFile !== undefined) writeFileSync(logFile, kept.map((line) => line.trimEnd()).join('\n') + '\n');
      send({ kind: 'stopped', logLines, cpuMs: cpuMs() });
      process.disconnect();
    });
  });
  await warmUp(server.url, secret);
  logLines = 0;
  const readBlocking = watchBlocking();
  const cpuAtReady = process.cpuUsage();
  send({ kind: 'ready', url: server.url, secret, warmUpTurns: WARM_UP_TURNS });
}

const [, entry, databaseArgument, endpointArgument] = process.argv;
if (entry?.endsWith('serve-load-target.ts') && databaseArgument !== undefined && endpointArgument !== undefined) {
  await main(databaseArgument, endpointArgument);
}
