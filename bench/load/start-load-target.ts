// The load bench's server: testbench/hardening/serve-load-target.ts forked into its own process, driven over IPC.
import { type ChildProcess, fork } from 'node:child_process';
import type { LoadTargetMessage } from '../../testbench/hardening/serve-load-target.ts';
import { PROFILE_ARGS } from './load-settings.ts';

export type LoadTarget = {
  readonly child: ChildProcess;
  /** The next message of this kind from the server; rejects if the server exits first. */
  readonly next: <K extends LoadTargetMessage['kind']>(kind: K) => Promise<Extract<LoadTargetMessage, { kind: K }>>;
};

/** Forks the server on a libSQL file at `databasePath`, with the simulator at `simulatorUrl` as Bedrock. */
export function startLoadTarget(databasePath: string, simulatorUrl: string): LoadTarget {
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
