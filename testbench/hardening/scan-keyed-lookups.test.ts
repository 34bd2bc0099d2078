// Keeps every lookup keyed by outside text safe: the service's code has no `object[text]`, `text in object` or
// `hasOwnProperty` that a word such as "constructor" could steer into Object.prototype (use Map, Object.hasOwn).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { scanKeyedLookups } from './scan-keyed-lookups.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function scanSnippet(code: string): string[] {
  const root = mkdtempSync(join(tmpdir(), 'keyed-lookups-'));
  try {
    mkdirSync(join(root, 'src'));
    mkdirSync(join(root, 'testbench', 'simulator'), { recursive: true });
    writeFileSync(join(root, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, noEmit: true } }));
    writeFileSync(join(root, 'src', 'snippet.ts'), code);
    return scanKeyedLookups(root).map((finding) => `${finding.line}: ${finding.text}`);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

describe('lookups keyed by outside text', () => {
  it('none in src/ or the simulator reaches Object.prototype', () => {
    const findings = scanKeyedLookups(ROOT).map((finding) => `${finding.file}:${finding.line}: ${finding.text}`);
    assert.deepEqual(
      findings,
      [],
      'use a Map, Object.hasOwn(object, key) before the read, or say why the key is known with `// own-key: why`',
    );
  });

  it('finds a record read, a write, an `in` check and hasOwnProperty, and accepts the safe forms', () => {
    const findings = scanSnippet([
      'const table: Record<string, string> = { ls: "list" };',
      'export function expand(word: string): string | undefined { return table[word]; }',
      'export function count(counts: Record<string, number>, word: string): void { counts[word] = 1; }',
      'export function known(word: string): boolean { return word in table; }',
      'export function own(word: string): boolean { return table.hasOwnProperty(word); }',
      'export function guarded(word: string): string | undefined {',
      '  return Object.hasOwn(table, word) ? table[word] : undefined;',
      '}',
      'export function literal(): string | undefined { return table["ls"]; }',
      'export function listed(items: string[], index: number): string | undefined { return items[index]; }',
      'export function marked(word: string): string | undefined {',
      '  // own-key: the caller passes only names it read with Object.keys(table)',
      '  return table[word];',
      '}',
    ].join('\n'));
    assert.deepEqual(findings, [
      '2: table[word]',
      '3: counts[word]',
      '4: word in table',
      '5: table.hasOwnProperty',
    ]);
  });
});
