// The configuration's documentation kept true: every variable tokenwise reads is in the README's configuration table,
// and every one a worker reads is named in wrangler.toml, where a deployer of the edge build looks for them.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONFIG_VARIABLES } from './config-variables.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const NAMES = Object.keys(CONFIG_VARIABLES);
/** Read only by the Node and Deno runtimes (a port, the SDK's file and container credential sources, a local timer). */
const NOT_AT_THE_EDGE = new Set([
  'PORT',
  'AWS_PROFILE',
  'AWS_WEB_IDENTITY_TOKEN_FILE',
  'AWS_CONTAINER_CREDENTIALS_FULL_URI',
  'AWS_CONTAINER_CREDENTIALS_RELATIVE_URI',
]);

describe('configuration documents', () => {
  it('the README names every variable between backquotes', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    assert.deepEqual(NAMES.filter((name) => !readme.includes(`\`${name}\``)), []);
  });

  it('wrangler.toml names every variable a worker reads', () => {
    const wrangler = readFileSync(join(ROOT, 'wrangler.toml'), 'utf8');
    const named = (name: string) => new RegExp(`\\b${name}\\b`).test(wrangler);
    assert.deepEqual(NAMES.filter((name) => !NOT_AT_THE_EDGE.has(name) && !named(name)), []);
  });
});
