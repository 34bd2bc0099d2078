// Paths into testbench/fixtures/ for the tool-selection bench, and the tool manifests read from there.
import { readFileSync } from 'node:fs';
import { isAbsolute } from 'node:path';

/** An absolute path stays; a relative one is taken inside testbench/fixtures/. */
export function resolveFixturePath(path: string): string {
  return isAbsolute(path) ? path : new URL(`../../testbench/fixtures/${path}`, import.meta.url).pathname;
}

/** A tool manifest's parsed JSON, labelled with the path it was named by. */
export function readFixtureManifest(path: string): { readonly label: string; readonly json: unknown } {
  return { label: path, json: JSON.parse(readFileSync(resolveFixturePath(path), 'utf8')) as unknown };
}
