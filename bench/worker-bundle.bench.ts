// Builds the Workers bundle offline (wrangler deploy --dry-run) and prints its raw and gzipped size; target < 1 MiB gzipped.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const TARGET_GZIP_BYTES = 1024 * 1024;
const outdir = mkdtempSync(join(tmpdir(), 'tokenwise-worker-'));
try {
  const build = spawnSync('npx', ['wrangler', 'deploy', '--dry-run', '--env', 'production', '--outdir', outdir], {
    encoding: 'utf8',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
  });
  if (build.status !== 0) {
    console.error(build.stdout, build.stderr);
    process.exit(1);
  }
  const files = readdirSync(outdir).filter((name) => /\.(m?js|wasm)$/.test(name));
  let raw = 0;
  let gzipped = 0;
  for (const name of files) {
    const path = join(outdir, name);
    raw += statSync(path).size;
    gzipped += gzipSync(readFileSync(path), { level: 9 }).length;
  }
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  console.log(
    `worker bundle: ${files.length} file(s), ${kib(raw)} raw, ${kib(gzipped)} gzipped (target < ${
      kib(TARGET_GZIP_BYTES)
    })`,
  );
  process.exit(gzipped < TARGET_GZIP_BYTES ? 0 : 1);
} finally {
  rmSync(outdir, { recursive: true, force: true });
}
