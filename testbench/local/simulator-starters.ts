// The two ways a local server brings the Bedrock simulator in simulator mode: a child process (Node's `npm start`, so
// its work never waits in the server's event loop) or a loopback server in this process (Deno, and tests).
import type { SimulatorStarter } from '../../src/runtime/start-local-services.ts';
import { startSimulatorProcess } from '../simulator/start-simulator-process.ts';
import { startSimulatorServer } from '../simulator/start-simulator-server.ts';

export const CHILD_PROCESS_SIMULATOR: SimulatorStarter = {
  start: () => startSimulatorProcess(),
  place: 'a child process',
};

export const IN_PROCESS_SIMULATOR: SimulatorStarter = {
  start: () => startSimulatorServer({ port: 0, hostname: '127.0.0.1' }),
  place: 'in this process',
};
