// Test support: another process holding a SQLite write lock (BEGIN IMMEDIATE) on a database file.
// libSQL's local API is synchronous, so a lock held in the server's own process would freeze the very event loop
// that must release it; a separate process is also the real case (a second server, a migration, a backup).
import { type ChildProcess, spawn } from 'node:child_process';
import { createClient } from '@libsql/client';

export type WriteLock = {
  /** Resolves once the other process has rolled back and exited. */
  release(): Promise<void>;
};

/**
 * Starts a process that takes the write lock on `databaseUrl` and resolves once it holds it. With `releaseAfterMs`
 * the process lets go on its own after that long (measured in its own process, so a blocked caller still sees it).
 */
export async function holdWriteLock(
  databaseUrl: string,
  options: { readonly releaseAfterMs?: number } = {},
): Promise<WriteLock> {
  const child: ChildProcess = spawn(process.execPath, [
    '--import',
    'tsx',
    'testbench/hardening/hold-write-lock.ts',
    databaseUrl,
    String(options.releaseAfterMs ?? 0),
  ], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('locked')) resolve();
    });
    void exited.then(() => reject(new Error(`the lock holder exited before taking the lock: ${output}`)));
  });
  return {
    async release() {
      // A holder told to let go on its own clock may have exited already: writing to its closed stdin is not an error.
      child.stdin?.on('error', () => undefined);
      child.stdin?.end('release\n');
      await exited;
    },
  };
}

async function main(databaseUrl: string, releaseAfterMs: number): Promise<void> {
  const client = createClient({ url: databaseUrl });
  const transaction = await client.transaction('write');
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    await transaction.rollback();
    client.close();
    process.exit(0);
  };
  process.stdin.on('data', () => void release());
  process.stdin.on('end', () => void release());
  if (releaseAfterMs > 0) setTimeout(() => void release(), releaseAfterMs);
  process.stdout.write('locked\n');
}

const [, entry, urlArgument, releaseArgument] = process.argv;
if (entry?.endsWith('hold-write-lock.ts') && urlArgument !== undefined) {
  await main(urlArgument, Number(releaseArgument ?? 0));
}
