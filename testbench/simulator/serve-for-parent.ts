// The simulator as a child of a local server (Node's simulator mode): listens on a free loopback port, tells the parent
// its URL over IPC and stops when the parent says 'stop' or goes away. It prints nothing: the parent's log is JSON.
import { startSimulatorServer } from './start-simulator-server.ts';

/** What the child sends its parent once it listens. */
export type SimulatorChildMessage = { readonly kind: 'listening'; readonly url: string };

if (process.send === undefined) {
  console.error('serve-for-parent.ts runs as a forked child (IPC); use `npm run simulator` from a terminal');
  process.exit(2);
}
const server = await startSimulatorServer({ port: 0, hostname: '127.0.0.1' });
let stopping = false;
const stop = (): void => {
  if (stopping) return;
  stopping = true;
  server.close().then(() => process.exit(0), () => process.exit(1));
};
process.on('message', (message: unknown) => message === 'stop' && stop());
// The parent exited or closed the channel: nobody can reach this simulator any more.
process.once('disconnect', stop);
process.send({ kind: 'listening', url: server.url } satisfies SimulatorChildMessage);
