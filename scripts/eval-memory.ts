// `npm run eval:memory -- --input <file.jsonl> …`: what tokenwise's memory keeps (see docs/memory-eval-format.md).
import { createChatService } from '../src/turn/create-chat-service.ts';
import { runMemoryEvalCli } from '../testbench/memory-eval/run-memory-eval-cli.ts';

process.exitCode = await runMemoryEvalCli(
  process.argv.slice(2),
  {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    isTty: process.stderr.isTTY === true,
    env: process.env,
  },
  { createService: createChatService },
);
