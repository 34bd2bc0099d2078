// `npm run bench`: runs every bench/*.bench.ts in turn (each prints its own figures) and fails if any fails.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const only = process.argv.slice(2);
const files = readdirSync('bench').filter((f) => f.endsWith('.bench.ts')).filter((f) =>
  only.length === 0 || only.some((o) => f.includes(o))
).sort();
let failed = 0;
for (const file of files) {
  console.log(`\n=== bench/${file} ===`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', `bench/${file}`], { stdio: 'inherit' });
  if (result.status !== 0) failed += 1;
}
console.log(`\n${files.length - failed} benchmarks met their targets, ${failed} did not`);
process.exit(failed === 0 ? 0 : 1);
