// Checks model-chosen tool input against the tool's inputSchema (JSON Schema, @cfworker/json-schema: Node, Deno, Workers).
import { Validator } from '@cfworker/json-schema';
import type { JsonSchema } from '../../pipeline/types/index.ts';

/** At most this many problems are named to the model: enough to fix the call, short enough to read. */
const MAX_PROBLEMS = 5;

/** Keywords whose failure only repeats a nested one (`false` is the schema behind additionalProperties: false). */
const PARENT_KEYWORDS: ReadonlySet<string> = new Set(['properties', 'allOf', 'items', 'prefixItems', 'false']);

/** One compiled validator per schema object (manifest schemas are frozen and live as long as the registry). */
const validators = new WeakMap<object, Validator>();

export type InputCheck = { readonly ok: true } | { readonly ok: false; readonly problems: readonly string[] };

/** Validates `input` against `schema` (draft 2020-12, every error collected); problems read `<path>: <what is wrong>`. */
export function validateToolInput(schema: JsonSchema, input: unknown): InputCheck {
  let validator = validators.get(schema);
  let result: ReturnType<Validator['validate']>;
  try {
    // A copy: the validator annotates the schema it is given, and registry schemas are frozen.
    validator ??= new Validator(structuredClone(schema) as never, '2020-12', false);
    validators.set(schema, validator);
    result = validator.validate(input);
  } catch {
    return { ok: false, problems: ["the tool's inputSchema cannot be evaluated; the deployer must fix the manifest"] };
  }
  if (result.valid) return { ok: true };
  // The validator reports each failing keyword and then its parents ("properties" failed because …): keep the leaves.
  const leaves = result.errors.filter((error) => !PARENT_KEYWORDS.has(error.keyword));
  const problems = (leaves.length > 0 ? leaves : result.errors).slice(0, MAX_PROBLEMS).map((error) =>
    `${error.instanceLocation.replace(/^#/, 'input')}: ${error.error}`
  );
  return { ok: false, problems };
}
