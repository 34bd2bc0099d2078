// The import rules of docs/architecture.md, checked over the tree: src/ never reaches into testbench/, each folder
// imports only the layers below it, a pipeline concept is entered only through its index.ts, and production code
// needs no devDependency (so `npm ci --omit=dev` is enough to run it).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** What each folder of src/ may import besides itself and the leaf modules (the files at the top of src/). */
const MAY_IMPORT: Readonly<Record<string, readonly string[] | 'all'>> = {
  pipeline: [],
  config: ['pipeline'],
  bedrock: ['pipeline', 'config'],
  store: ['pipeline', 'config'],
  tools: ['pipeline', 'config', 'store'],
  turn: ['pipeline', 'config', 'bedrock', 'store', 'tools'],
  http: ['pipeline', 'config', 'turn'],
  runtime: 'all',
};
/** The pipeline is pure: no logger (it logs nothing), only the error type and the defaults. */
const PIPELINE_LEAVES = ['errors.ts', 'defaults.ts'];

function listSources(dir: string, found: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'fixtures') continue;
    if (statSync(path).isDirectory()) listSources(path, found);
    else if (/\.(ts|mts|mjs)$/.test(name)) found.push(path);
  }
  return found;
}

type Reference = { readonly file: string; readonly specifier: string; readonly typeOnly: boolean };

/** Static and dynamic imports, re-exports and `new URL(…, import.meta.url)` of every file, as written. */
function readReferences(file: string): Reference[] {
  const text = readFileSync(file, 'utf8');
  const pattern =
    /(\bimport\s+type\b[^'"]*?\bfrom\s*|\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bnew URL\(\s*)(['"])([^'"]+)\2/g;
  return [...text.matchAll(pattern)].map((match) => ({
    file,
    specifier: match[3] ?? '',
    typeOnly: (match[1] ?? '').startsWith('import type') || /^import\s+type\b/.test(match[1] ?? ''),
  }));
}

/** The path, from the repository root, that a relative specifier names; null for a package or builtin. */
function resolveRelative(reference: Reference): string | null {
  if (!reference.specifier.startsWith('.')) return null;
  return relative(ROOT, normalize(join(dirname(reference.file), reference.specifier))).split('\\').join('/');
}

const isTest = (file: string) => /\.test\.ts$|test-support/.test(file);
const fromRoot = (file: string) => relative(ROOT, file).split('\\').join('/');

const SRC_FILES = listSources(join(ROOT, 'src'));
const SRC_REFERENCES = SRC_FILES.flatMap(readReferences);

describe('import rules (docs/architecture.md)', () => {
  it('finds the sources it checks', () => {
    assert.ok(SRC_FILES.length > 100, `expected the whole of src/, found ${SRC_FILES.length} files`);
    assert.ok(SRC_REFERENCES.length > 500, `expected every import, found ${SRC_REFERENCES.length}`);
  });

  it('src/ never imports testbench/ (tests included, and no path into it in any string)', () => {
    const offenders = SRC_REFERENCES.filter((reference) => resolveRelative(reference)?.startsWith('testbench/'))
      .map((reference) => `${fromRoot(reference.file)} imports ${reference.specifier}`);
    for (const file of SRC_FILES) {
      if (file.endsWith('import-rules.test.ts')) continue;
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/['"`]((?:\.\.\/)+testbench\/[^'"`]*)['"`]/g)) {
        const target = relative(ROOT, normalize(join(dirname(file), match[1] ?? ''))).split('\\').join('/');
        if (target.startsWith('testbench/')) offenders.push(`${fromRoot(file)} names ${match[1]}`);
      }
    }
    assert.deepEqual(offenders, [], 'src/ must run without the testbench: pass what it needs in (see testbench/local)');
  });

  it('each folder of src/ imports only the layers below it (production code)', () => {
    const offenders: string[] = [];
    for (const reference of SRC_REFERENCES) {
      if (isTest(reference.file)) continue;
      const from = fromRoot(reference.file).split('/');
      const target = resolveRelative(reference)?.split('/');
      if (target === undefined || target[0] !== 'src') continue;
      if (from.length === 2) {
        // A leaf module (errors.ts, logger.ts, …) imports only other leaves: every layer may depend on it.
        if (target.length !== 2) offenders.push(`${fromRoot(reference.file)} imports ${reference.specifier}`);
        continue;
      }
      const [folder, imported] = [from[1] ?? '', target[1] ?? ''];
      const allowed = MAY_IMPORT[folder];
      assert.ok(
        allowed !== undefined,
        `src/${folder} has no row in MAY_IMPORT (add it there and in docs/architecture.md)`,
      );
      if (imported === folder || allowed === 'all') continue;
      const leaf = target.length === 2;
      if (leaf && (folder !== 'pipeline' || PIPELINE_LEAVES.includes(imported))) continue;
      if (!allowed.includes(imported)) offenders.push(`${fromRoot(reference.file)} imports ${reference.specifier}`);
    }
    assert.deepEqual(offenders, []);
  });

  it('outside a pipeline concept folder only its index.ts is imported (src, testbench, bench, scripts)', () => {
    const references = ['src', 'testbench', 'bench', 'scripts'].flatMap((dir) =>
      listSources(join(ROOT, dir)).flatMap(readReferences)
    );
    const offenders = references.flatMap((reference) => {
      const target = resolveRelative(reference)?.split('/');
      if (target === undefined || target[0] !== 'src' || target[1] !== 'pipeline' || target.length < 4) return [];
      const concept = target[2] ?? '';
      if (concept === 'test-support' || target[3] === 'index.ts') return [];
      const inside = fromRoot(reference.file).startsWith(`src/pipeline/${concept}/`);
      return inside ? [] : [`${fromRoot(reference.file)} imports ${reference.specifier}`];
    });
    assert.deepEqual(offenders, []);
  });

  it('production code in src/ imports no devDependency (types excepted)', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      devDependencies?: Record<string, string>;
    };
    const devPackages = Object.keys(manifest.devDependencies ?? {});
    assert.ok(devPackages.includes('tsx'), 'package.json lists its devDependencies');
    const offenders = SRC_REFERENCES.filter((reference) =>
      !isTest(reference.file) && !reference.typeOnly &&
      devPackages.some((name) => reference.specifier === name || reference.specifier.startsWith(`${name}/`))
    ).map((reference) => `${fromRoot(reference.file)} imports ${reference.specifier}`);
    assert.deepEqual(offenders, []);
  });
});
