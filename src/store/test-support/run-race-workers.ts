// Test support: runs race-worker.ts in several real OS processes at once, released together by a file barrier.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const WORKER = fileURLToPath(new URL('./race-worker.ts', import.meta.url));

type DenoGlobal = { Deno?: { execPath(): string } };

/** Runs one worker process per argument list; resolves with each one's parsed JSON stdout, rejects on a non-zero exit. */
export async function runRaceWorkers(argumentLists: readonly (readonly string[])[]): Promise<unknown[]> {
  const barrier = mkdtempSync(join(tmpdir(), 'tokenwise-barrier-'));
  try {
    return await Promise.all(argumentLists.map((args) => runWorker([barrier, String(argumentLists.length), ...args])));
  } finally {
    rmSync(barrier, { recursive: true, force: true });
  }
}

function runWorker(args: readonly string[]): Promise<unknown> {
  const deno = (globalThis as DenoGlobal).Deno;
  const command = deno === undefined ? process.execPath : deno.execPath();
  const prefix = deno === undefined ? ['--import', 'tsx', WORKER] : ['run', '--allow-all', '--no-check', WORKER];
  return new Promise((resolve, reject) => {
    const child = spawn(command, [...prefix, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`race worker ${args.slice(2).join(' ')} exited ${code}: ${stderr}`));
      try {
        resolve(JSON.parse(stdout.trim().split('\n').at(-1) ?? ''));
      } catch {
        reject(new Error(`race worker printed no JSON: ${stdout} ${stderr}`));
      }
    });
  });
}
