// Runs every `*.test.ts` under src/ and testbench/ with node:test through tsx (workerd specs excluded: vitest runs those).
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function findTests(dir, found = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'node_modules') continue;
    if (statSync(path).isDirectory()) findTests(path, found);
    else if (name.endsWith('.test.ts') && !name.endsWith('.workerd.test.ts')) found.push(path);
  }
  return found;
}

const filter = process.argv.slice(2);
const files = ['src', 'testbench'].flatMap((dir) => findTests(dir)).filter((f) =>
  filter.length === 0 || filter.some((x) => f.includes(x))
).sort();
if (files.length === 0) {
  console.error('no test files found');
  process.exit(1);
}
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', ...files], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
