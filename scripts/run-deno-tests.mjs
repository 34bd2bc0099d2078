// Runs every `*.test.ts` under src/ and testbench/ with `deno test`, in batches of files, one process per batch.
//
// Why batches: Deno 2.9 can crash (SIGSEGV) while finalising native add-on objects (the libsql client behind `file:`
// databases) under GC pressure or at teardown, after the tests themselves passed (denoland/deno#36538, the same
// class as #30512). One process for 180 files made that a whole-suite crash. A batch that dies by a signal is run once
// more and the crash is reported loudly; a test that FAILS is never re-run, and a batch that crashes twice fails.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { findTestFiles } from './find-test-files.mjs';

const BATCH_FILES = 30;
const DENO = join('node_modules', '.bin', 'deno');

/** How a batch ended: passed, failed (a test failed or deno refused), or crashed (killed by a signal). */
function runBatch(files) {
  const result = spawnSync(DENO, ['test', '--allow-all', '--no-check', ...files], { stdio: 'inherit' });
  if (result.status === 0) return 'passed';
  // A signal kills deno itself (status null) or the shell-less binary reports 128 + signal (139 = SIGSEGV).
  if (result.signal !== null || (result.status ?? 0) > 128) return 'crashed';
  return 'failed';
}

const files = findTestFiles(process.argv.slice(2));

const failures = [];
for (let start = 0; start < files.length; start += BATCH_FILES) {
  const batch = files.slice(start, start + BATCH_FILES);
  const label = `deno batch ${start / BATCH_FILES + 1} (${batch[0]} … ${batch.at(-1)})`;
  let outcome = runBatch(batch);
  if (outcome === 'crashed') {
    console.error(
      `\n*** ${label}: deno was killed by a signal (denoland/deno#36538: native add-on finaliser); ` +
        'running this batch once more ***\n',
    );
    outcome = runBatch(batch);
  }
  if (outcome !== 'passed') failures.push(`${label}: ${outcome}`);
}
if (failures.length > 0) {
  console.error(`\ndeno tests: ${failures.length} batch(es) did not pass:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log(`\ndeno tests: ${files.length} files passed`);
