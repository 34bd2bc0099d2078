// Node's simulator mode: the Bedrock simulator in a child process, so that its work (token counts, cache bookkeeping,
// event-stream frames) never waits in the server's event loop, as Bedrock's never would. Loopback only; it stops with
// the server, and by itself when the server dies.
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { AppError } from '../../src/errors.ts';
import type { SimulatorChildMessage } from './serve-for-parent.ts';

/** A started simulator: its base URL, and `close` (safe to call twice), which resolves once the process has exited. */
export type SimulatorProcess = { readonly url: string; close(): Promise<void> };

const ENTRY = fileURLToPath(new URL('./serve-for-parent.ts', import.meta.url));
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 5_000;

/** The child runs TypeScript through tsx, whatever flags started this process (a test runner's must not pass on). */
function childExecArgv(): string[] {
  return ['--import', import.meta.resolve('tsx')];
}

/** Starts the simulator process. Throws AppError('internal') when it exits or stays silent before it listens. */
export async function startSimulatorProcess(
  options: { readonly startTimeoutMs?: number } = {},
): Promise<SimulatorProcess> {
  const child = fork(ENTRY, [], { execArgv: childExecArgv(), stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let settled = false;
    const timeoutMs = options.startTimeoutMs ?? START_TIMEOUT_MS;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
    };
    const fail = (reason: string) =>
      settle(() => {
        child.kill('SIGKILL');
        reject(
          new AppError(
            'internal',
            `the Bedrock simulator process ${reason}; run \`npm run simulator\` to see why, or set BEDROCK_ENDPOINT`,
          ),
        );
      });
    const timer = setTimeout(() => fail(`did not listen within ${timeoutMs} ms`), timeoutMs);
    child.once('error', (error) => fail(`could not start (${error.message})`));
    child.once('exit', (code, signal) => fail(`exited (${signal ?? code}) before it listened`));
    child.once('message', (message: SimulatorChildMessage) => settle(() => resolve(message.url)));
  });
  let closing: Promise<void> | undefined;
  return {
    url,
    close() {
      closing ??= stopChild(child, exited);
      return closing;
    },
  };
}

async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  if (child.connected) child.send('stop');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}
