// Names the file behind a `file:` URL, so every handle on one file in this process shares one client.

type Runtime = { process?: { cwd?: () => string }; Deno?: { cwd?: () => string } };

/** True for `file:` URLs and the bare `:memory:` shorthand (local SQLite, served through the in-process queue). */
export function isLocalDatabaseUrl(url: string): boolean {
  return url === ':memory:' || url.toLowerCase().startsWith('file:');
}

/**
 * The absolute, normalised path of a `file:` URL (`file:a.db`, `file:./a.db`, `file:/x/a.db`, `file:///x/a.db` →
 * `/cwd/a.db` or `/x/a.db`), or null when the database is private to its client (`:memory:`) or not local.
 */
export function resolveDatabaseKey(url: string): string | null {
  if (!isLocalDatabaseUrl(url) || url.includes(':memory:')) return null;
  let path = url.slice('file:'.length).replace(/[?#].*$/, '');
  if (path.startsWith('//')) path = path.replace(/^\/\/(localhost)?/i, '');
  path = decodeURIComponent(path);
  if (!path.startsWith('/')) path = `${currentDirectory()}/${path}`;
  const segments: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}`;
}

function currentDirectory(): string {
  const runtime = globalThis as Runtime;
  return runtime.process?.cwd?.() ?? runtime.Deno?.cwd?.() ?? '';
}
