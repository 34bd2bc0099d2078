// Runs every `*.test.ts` under src/ and testbench/ with `deno test`, in batches of files, one process per batch.
//
// Why batches: Deno 2.9 can crash (SIGSEGV) while finalising native add-on objects (the libsql client behind `file:`
// databases) under GC pressure or at teardown, after the tests themselves passed (denoland/deno#36538, the same
// class as #30512). One process for 180 files made that a whole-suite crash. A batch that dies by a signal is run once
// more and the crash is reported loudly; a batch that crashes again is run file by file (less to finalise in each
// process), each file once more if it crashes too. A test that FAILS is never re-run, and a file that crashes twice fails.
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

/** Runs `files` in one process; a crash (never a failure) is reported and the same files are run once more. */
function runWithRetry(files, label) {
  const outcome = runBatch(files);
  if (outcome !== 'crashed') return outcome;
  console.error(
    `\n*** ${label}: deno was killed by a signal (denoland/deno#36538: native add-on finaliser); ` +
      'running it once more ***\n',
  );
  return runBatch(files);
}

const failures = [];
for (let start = 0; start < files.length; start += BATCH_FILES) {
  const batch = files.slice(start, start + BATCH_FILES);
  const label = `deno batch ${start / BATCH_FILES + 1} (${batch[0]} … ${batch.at(-1)})`;
  const outcome = runWithRetry(batch, label);
  if (outcome === 'crashed') {
    console.error(`\n*** ${label} crashed twice: running its files one by one ***\n`);
    for (const file of batch) {
      const alone = runWithRetry([file], file);
      if (alone !== 'passed') failures.push(`${file}: ${alone}`);
    }
  } else if (outcome !== 'passed') failures.push(`${label}: ${outcome}`);
}
if (failures.length > 0) {
  console.error(`\ndeno tests: ${failures.length} batch(es) or file(s) did not pass:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log(`\ndeno tests: ${files.length} files passed`);
