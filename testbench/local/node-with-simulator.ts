// `npm start`: the Node server, with the Bedrock simulator in a child process when no Bedrock is configured (announced
// by the first log line). With AWS credentials or BEDROCK_ENDPOINT set, no simulator starts.
import { runNodeServer } from '../../src/runtime/node.ts';
import { CHILD_PROCESS_SIMULATOR, IN_PROCESS_SIMULATOR } from './simulator-starters.ts';

// Under Deno the simulator stays in process: Deno cannot fork a tsx child.
await runNodeServer({ simulator: 'Deno' in globalThis ? IN_PROCESS_SIMULATOR : CHILD_PROCESS_SIMULATOR });
