// Runs every `*.test.ts` under src/ and testbench/ with node:test through tsx (workerd specs excluded: vitest runs those).
import { spawnSync } from 'node:child_process';
import { findTestFiles } from './find-test-files.mjs';

const files = findTestFiles(process.argv.slice(2));
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', ...files], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
