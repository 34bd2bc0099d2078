// `deno task start`: the Deno server, with the Bedrock simulator in this process when no Bedrock is configured.
import { runDenoServer } from '../../src/runtime/deno.ts';
import { IN_PROCESS_SIMULATOR } from './simulator-starters.ts';

await runDenoServer({ simulator: IN_PROCESS_SIMULATOR });
