// `npm run import -- --from openai|dialogue --input <file> --output <file.jsonl>`: see testbench/replay/run-import-cli.ts.
import { runImportCli } from '../testbench/replay/run-import-cli.ts';

process.exitCode = await runImportCli(process.argv.slice(2));
