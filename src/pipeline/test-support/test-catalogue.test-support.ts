// A small tool catalogue for tests: tools by name, description, tags and (optionally) parameters with their
// descriptions (and the values they accept), with its search index.
import { createToolRegistry, type ToolRegistry } from '../tool-catalogue/index.ts';
import { createToolIndex, type ToolIndex } from '../tool-search/index.ts';

export type TestTool = readonly [
  name: string,
  description: string,
  tags: readonly string[],
  parameters?: Readonly<Record<string, string | TestParameter>>,
];

/** A parameter that accepts only the listed values. */
export type TestParameter = { readonly description: string; readonly enum: readonly string[] };

export function createTestCatalogue(tools: readonly TestTool[]): { registry: ToolRegistry; index: ToolIndex } {
  const registry = createToolRegistry();
  for (const [name, description, tags, parameters = {}] of tools) {
    const properties = Object.fromEntries(
      Object.entries(parameters).map((
        [key, parameter],
      ) => [key, { type: 'string', ...(typeof parameter === 'string' ? { description: parameter } : parameter) }]),
    );
    registry.register({ name, description, inputSchema: { type: 'object', properties }, tags });
  }
  return { registry, index: createToolIndex(registry.domainTools()) };
}

/** The registry read as the selection reads a catalogue: a tool by name, its domain tags, a domain's tools by name. */
export function viewCatalogue(registry: ToolRegistry) {
  return {
    lookup: (name: string) => registry.get(name),
    domainsOf: registry.domainsOf,
    domainTools: (domain: string) => registry.domainTools(domain).map((spec) => spec.name),
  };
}
