// `npm run eval:selector -- --tools <manifest.json>[,<more.json>] --queries <file.jsonl> [--json]`: recall of the local
// tool ranking on a labelled set. Bad arguments, unreadable files or bad lines: a message and exit code 2.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { measureRecall, parseLabelledQueries } from '../src/pipeline/tool-search/index.ts';
import { createToolIndex, rankTools } from '../src/pipeline/tool-search/index.ts';
import { shortlistTools } from '../src/pipeline/tool-selection/index.ts';
import { createToolRegistry } from '../src/pipeline/tool-catalogue/index.ts';

const USAGE = 'usage: npm run eval:selector -- --tools <manifest.json>[,<more.json>] --queries <file.jsonl> [--json]';

function fail(message: string): never {
  console.error(`eval-selector: ${message}\n${USAGE}`);
  process.exit(2);
}

function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    return fail(`cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

let values: { tools?: string; queries?: string; json?: boolean };
try {
  ({ values } = parseArgs({
    options: { tools: { type: 'string' }, queries: { type: 'string' }, json: { type: 'boolean' } },
    strict: true,
    allowPositionals: false,
  }));
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
if (values.tools === undefined || values.tools.trim() === '') fail('--tools is required');
if (values.queries === undefined || values.queries.trim() === '') fail('--queries is required');

const registry = createToolRegistry();
for (const path of values.tools.split(',').map((part) => part.trim()).filter((part) => part !== '')) {
  let manifest: unknown;
  try {
    manifest = JSON.parse(readText(path));
  } catch (error) {
    fail(`${path} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const loaded = registry.loadManifest(manifest);
  if (!loaded.ok) fail(`${path}:\n  ${loaded.errors.slice(0, 20).join('\n  ')}`);
}
if (registry.all().length === 0) fail('the manifests hold no tools');

const parsed = parseLabelledQueries(readText(values.queries));
if (!parsed.ok) fail(`${values.queries}:\n  ${parsed.errors.slice(0, 20).join('\n  ')}`);
const unknown = [
  ...new Set(parsed.queries.flatMap((query) => query.gold).filter((name) => registry.get(name) === undefined)),
];
if (unknown.length > 0) {
  fail(`${values.queries} names tools missing from the manifests: ${unknown.slice(0, 10).join(', ')}`);
}

const index = createToolIndex(registry.all());
const report = measureRecall({
  queries: parsed.queries,
  rank: (query) => rankTools(index, { query: query.query, recentUserTurns: query.previous ?? [] }),
  shortlist: (ranking) => shortlistTools(ranking),
});
const round = (value: number): number => Math.round(value * 1000) / 1000;
if (values.json === true) {
  console.log(
    JSON.stringify({
      recallAt5: round(report.recallAt5),
      recallAt10: round(report.recallAt10),
      recallAt15: round(report.recallAt15),
      meanShortlist: round(report.meanShortlist),
    }),
  );
} else {
  console.log(`${report.queries} queries, ${registry.all().length} tools`);
  console.log(
    `recall@5  ${report.recallAt5.toFixed(3)}\nrecall@10 ${report.recallAt10.toFixed(3)}\nrecall@15 ${
      report.recallAt15.toFixed(3)
    }`,
  );
  console.log(`mean shortlist ${report.meanShortlist.toFixed(1)} tools`);
}
