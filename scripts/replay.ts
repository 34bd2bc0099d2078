// `npm run replay -- --input <file.jsonl> …`: replays recorded conversations through the chat service (see docs/replay-format.md).
import { createChatService } from '../src/turn/create-chat-service.ts';
import { runReplayCli } from '../testbench/replay/run-replay-cli.ts';

const code = await runReplayCli(
  process.argv.slice(2),
  {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    isTty: process.stderr.isTTY === true,
    env: process.env,
  },
  { createService: createChatService, baselinesInWorkers: true },
);
process.exitCode = code;
