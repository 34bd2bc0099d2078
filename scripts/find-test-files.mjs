// The test files both suite runners take: every `*.test.ts` under src/ and testbench/ (workerd specs excluded: vitest
// runs those), narrowed to the paths containing one of the given filters, sorted.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function findTests(dir, found = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'fixtures') continue;
    if (statSync(path).isDirectory()) findTests(path, found);
    else if (name.endsWith('.test.ts') && !name.endsWith('.workerd.test.ts')) found.push(path);
  }
  return found;
}

/** Every test file, or those whose path contains one of `filters`; exits with a message when none is found. */
export function findTestFiles(filters) {
  const files = ['src', 'testbench'].flatMap((dir) => findTests(dir)).filter((f) =>
    filters.length === 0 || filters.some((x) => f.includes(x))
  ).sort();
  if (files.length === 0) {
    console.error('no test files found');
    process.exit(1);
  }
  return files;
}
