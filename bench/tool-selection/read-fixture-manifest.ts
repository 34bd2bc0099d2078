// Paths into testbench/fixtures/ for the tool-selection bench, and the tool manifests read from there.
import { readFileSync } from 'node:fs';
import { isAbsolute } from 'node:path';

/** An absolute path stays; a relative one is taken inside testbench/fixtures/. */
export function resolveFixturePath(path: string): string {
  return isAbsolute(path) ? path : new URL(`../../testbench/fixtures/${path}`, import.meta.url).pathname;
}

/**
 * A tool manifest's parsed JSON, labelled with the path it was named by; with `keepTag`, only its tools tagged so (a
 * manifest that is a list of tools, as the fixtures' are).
 */
export function readFixtureManifest(
  path: string,
  keepTag?: string,
): { readonly label: string; readonly json: unknown } {
  const json = JSON.parse(readFileSync(resolveFixturePath(path), 'utf8')) as unknown;
  if (keepTag === undefined) return { label: path, json };
  if (!Array.isArray(json)) throw new Error(`${path}: a list of tools was expected to keep those tagged ${keepTag}`);
  const kept = json.filter((tool: { tags?: unknown }) => Array.isArray(tool.tags) && tool.tags.includes(keepTag));
  return { label: `${path} (${keepTag})`, json: kept };
}
