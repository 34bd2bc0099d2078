// Rebuilds testbench/fixtures/bfcl-pool/tools.json: a catalogue of 200 unrelated tools the selection was never tuned on,
// drawn from BFCL v4's single-turn function pool (maths, sports, history, finance, cloud APIs…), for the everyday
// replay (run by hand; tests only read the result).
// node --import tsx testbench/replay/build-pool-catalogue.ts --source <bfcl derived/single_turn_function_pool.json>
//   [--size 200] [--seed pool]
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { createSeededRandom } from './seeded-random.ts';

const OUTPUT = 'testbench/fixtures/bfcl-pool/tools.json';
/** Catalogues the replay already has: a pool function of the same name is left out. */
const KNOWN = ['bfcl/tools.json', 'tau-airline/tools.json', 'sgd/tools.json'];
/** BFCL's Python-flavoured schema types → JSON Schema types (`any` dropped). A Map: the keys come from the data. */
const TYPES: ReadonlyMap<string, string> = new Map([['dict', 'object'], ['float', 'number'], ['tuple', 'array']]);

type PoolFunction = { readonly name: string; readonly description: string; readonly parameters: unknown };

/** The schema with BFCL's types mapped; keys are copied as own properties whatever they are ("__proto__" included). */
function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (node === null || typeof node !== 'object') return node;
  const entries: [string, unknown][] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key !== 'type' || typeof value !== 'string') entries.push([key, toJsonSchema(value)]);
    else if (value !== 'any') entries.push(['type', TYPES.get(value) ?? value]);
  }
  return Object.fromEntries(entries);
}

const { values } = parseArgs({
  options: { source: { type: 'string' }, size: { type: 'string' }, seed: { type: 'string' } },
});
if (values.source === undefined) throw new Error('--source <bfcl derived/single_turn_function_pool.json> is required');
const size = Number(values.size ?? 200);
const pool = JSON.parse(await readFile(values.source, 'utf8')) as PoolFunction[];
const known = new Set<string>();
for (const file of KNOWN) {
  const tools = JSON.parse(await readFile(`testbench/fixtures/${file}`, 'utf8')) as { name: string }[];
  for (const tool of tools) known.add(tool.name.toLowerCase());
}
// A seeded shuffle (Fisher-Yates): the same seed draws the same catalogue on every machine.
const random = createSeededRandom(values.seed ?? 'pool');
const order = [...pool];
for (let at = order.length - 1; at > 0; at -= 1) {
  const other = Math.floor(random() * (at + 1));
  [order[at], order[other]] = [order[other]!, order[at]!];
}
const tools: { name: string; description: string; inputSchema: unknown; tags: string[] }[] = [];
const taken = new Set<string>();
for (const fn of order) {
  // Bedrock's tool names: letters, digits, _ and -, at most 64; a dotted name's first part (`weather.forecast`) is its
  // service, the tag a catalogue author would most likely give; an undotted name comes untagged.
  const name = fn.name.replace(/[^A-Za-z0-9_-]/gu, '_').slice(0, 64);
  if (known.has(name.toLowerCase()) || taken.has(name.toLowerCase()) || fn.description.trim() === '') continue;
  taken.add(name.toLowerCase());
  const schema = toJsonSchema(fn.parameters) as Record<string, unknown>;
  tools.push({
    name,
    description: fn.description.slice(0, 1000),
    inputSchema: { ...schema, type: 'object', properties: schema['properties'] ?? {} },
    tags: fn.name.includes('.') ? [fn.name.slice(0, fn.name.indexOf('.'))] : [],
  });
  if (tools.length === size) break;
}
tools.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
await writeFile(OUTPUT, `${JSON.stringify(tools, null, 1)}\n`);
console.log(`${tools.length} tools, ${tools.filter((tool) => tool.tags.length > 0).length} tagged`);
