// The catalogue of tools: registered from code or a JSON manifest, validated, and always listed in name order.
import { AppError } from '../../errors.ts';
import { addToList } from './add-to-list.ts';
import { inferNameDomains } from './infer-name-domains.ts';
import { compareText, parseToolSpec, toToolDefinition } from './tool-spec.ts';
import type { ToolHttp, ToolSpec } from './tool-spec.ts';
import type { JsonSchema } from '../types/index.ts';

export { toToolDefinition };
export type { ToolSpec };

/** Tag of the tools sent with every request; any other tag names a domain. */
export const STANDARD_TAG = 'standard';

/** A tool as written in code: tags may come here, in the `register` options, or both (they are merged). */
export type ToolInput = {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: JsonSchema;
  readonly tags?: readonly string[];
  readonly http?: ToolHttp;
};

export type RegisterOptions = { readonly tags?: readonly string[] };

export type LoadManifestResult = { readonly ok: true; readonly added: readonly string[] } | {
  readonly ok: false;
  readonly errors: readonly string[];
};

export type ToolRegistry = {
  /** Validates and adds one tool; throws AppError 'config_invalid' (naming tool and field) on a bad spec or a duplicate name. */
  register(tool: ToolInput, options?: RegisterOptions): ToolSpec;
  /** Adds every tool of a manifest (a JSON array of specs) or, if any entry is bad or a duplicate, none of them. */
  loadManifest(json: unknown): LoadManifestResult;
  get(name: string): ToolSpec | undefined;
  /** Tools tagged `standard`, by name. */
  standardTools(): readonly ToolSpec[];
  /** Tools not tagged `standard` (only those tagged `domain` when given), by name. */
  domainTools(domain?: string): readonly ToolSpec[];
  /** Every tool, by name. */
  all(): readonly ToolSpec[];
  /** Every tag except `standard`, sorted. */
  domains(): readonly string[];
  /** A tool's tags except `standard` (its domains); none for an unknown tool. */
  domainsOf(name: string): readonly string[];
};

type Grouping = {
  readonly standard: readonly ToolSpec[];
  readonly domain: readonly ToolSpec[];
  /** Each domain tag's tools (a tool tagged both `standard` and a domain is a standard tool only, as before). */
  readonly byDomain: ReadonlyMap<string, readonly ToolSpec[]>;
  readonly domains: readonly string[];
  /** Each tool's tags except `standard`. */
  readonly domainsByName: ReadonlyMap<string, readonly string[]>;
};

const NO_TOOLS: readonly ToolSpec[] = Object.freeze([]);
const NO_DOMAINS: readonly string[] = Object.freeze([]);

/**
 * Creates an empty registry. Invariants: names are unique; every list comes back sorted by name (so the same set
 * always serialises to the same bytes); returned specs are deep-frozen copies, never the caller's objects.
 */
export function createToolRegistry(): ToolRegistry {
  const tools = new Map<string, ToolSpec>();
  let sorted: readonly ToolSpec[] | undefined;
  let effective: ReadonlyMap<string, ToolSpec> | undefined;
  let grouped: Grouping | undefined;

  function add(spec: ToolSpec): void {
    tools.set(spec.name, spec);
    sorted = undefined;
    effective = undefined;
    grouped = undefined;
  }

  /**
   * The specs as the catalogue reads them. Tags (and service namespaces) are the author's word on domains: where no
   * domain tool has one, each takes the domain its name shares with others (see inferNameDomains); where some have,
   * the others stay without one (and the service warns of them).
   */
  function view(): ReadonlyMap<string, ToolSpec> {
    if (effective === undefined) {
      const specs = [...tools.values()];
      const given = specs.some((spec) => spec.tags.some((tag) => tag !== STANDARD_TAG));
      const inferred = given ? new Map<string, string>() : inferNameDomains(specs);
      effective = new Map(
        [...tools].map(([name, spec]) => {
          // A name's word never makes a tool standard (`get_standard_rate`): only its author does.
          const domain = inferred.get(name);
          const read = domain !== undefined && domain !== STANDARD_TAG;
          return [name, read ? Object.freeze({ ...spec, tags: Object.freeze([domain]) }) : spec];
        }),
      );
    }
    return effective;
  }

  function all(): readonly ToolSpec[] {
    sorted ??= Object.freeze([...view().values()].sort((a, b) => compareText(a.name, b.name)));
    return sorted;
  }

  /** The lists by tag, built once per catalogue: a turn asks for a domain's tools many times over. */
  function groups(): Grouping {
    if (grouped === undefined) {
      const standard: ToolSpec[] = [];
      const domain: ToolSpec[] = [];
      const byDomain = new Map<string, ToolSpec[]>();
      for (const spec of all()) {
        if (spec.tags.includes(STANDARD_TAG)) {
          standard.push(spec);
          continue;
        }
        domain.push(spec);
        for (const tag of new Set(spec.tags)) addToList(byDomain, tag, spec);
      }
      grouped = {
        standard: Object.freeze(standard),
        domain: Object.freeze(domain),
        byDomain: new Map([...byDomain].map(([tag, list]) => [tag, Object.freeze(list)])),
        domains: Object.freeze(
          [...new Set(all().flatMap((spec) => spec.tags))].filter((tag) => tag !== STANDARD_TAG).sort(compareText),
        ),
        domainsByName: new Map(
          all().map((spec) => [spec.name, Object.freeze(spec.tags.filter((tag) => tag !== STANDARD_TAG))]),
        ),
      };
    }
    return grouped;
  }

  return {
    register(tool, options = {}) {
      const tags = [...(Array.isArray(tool?.tags) ? tool.tags : []), ...(options.tags ?? [])];
      const parsed = parseToolSpec({ ...tool, tags });
      if (!parsed.ok) {
        throw new AppError('config_invalid', parsed.errors.join('; '), { details: { errors: parsed.errors } });
      }
      if (tools.has(parsed.spec.name)) {
        throw new AppError(
          'config_invalid',
          `tool "${parsed.spec.name}": name: already registered (tool names must be unique)`,
          { details: { name: parsed.spec.name } },
        );
      }
      add(parsed.spec);
      return parsed.spec;
    },

    loadManifest(json) {
      if (!Array.isArray(json)) return { ok: false, errors: ['manifest: must be a JSON array of tool specs'] };
      const errors: string[] = [];
      const specs: ToolSpec[] = [];
      const seen = new Set<string>();
      json.forEach((entry: unknown, index) => {
        const parsed = parseToolSpec(entry);
        if (!parsed.ok) {
          errors.push(...parsed.errors.map((error) => `manifest[${index}]: ${error}`));
          return;
        }
        const name = parsed.spec.name;
        if (tools.has(name)) errors.push(`manifest[${index}]: tool "${name}": name: already registered`);
        else if (seen.has(name)) {
          errors.push(`manifest[${index}]: tool "${name}": name: appears more than once in the manifest`);
        } else {
          seen.add(name);
          specs.push(parsed.spec);
        }
      });
      if (errors.length > 0) return { ok: false, errors };
      for (const spec of specs) add(spec);
      return { ok: true, added: specs.map((spec) => spec.name).sort(compareText) };
    },

    get: (name) => view().get(name),
    all,
    standardTools: () => groups().standard,
    domainTools: (domain) => domain === undefined ? groups().domain : groups().byDomain.get(domain) ?? NO_TOOLS,
    domains: () => groups().domains,
    domainsOf: (name) => groups().domainsByName.get(name) ?? NO_DOMAINS,
  };
}
