// A small tool catalogue for tests: tools by name, description, tags and (optionally) parameters with their
// descriptions, with its search index.
import { createToolRegistry, type ToolRegistry } from '../tool-catalogue/index.ts';
import { createToolIndex, type ToolIndex } from '../tool-search/index.ts';

export type TestTool = readonly [
  name: string,
  description: string,
  tags: readonly string[],
  parameters?: Readonly<Record<string, string>>,
];

export function createTestCatalogue(tools: readonly TestTool[]): { registry: ToolRegistry; index: ToolIndex } {
  const registry = createToolRegistry();
  for (const [name, description, tags, parameters = {}] of tools) {
    const properties = Object.fromEntries(
      Object.entries(parameters).map(([key, text]) => [key, { type: 'string', description: text }]),
    );
    registry.register({ name, description, inputSchema: { type: 'object', properties }, tags });
  }
  return { registry, index: createToolIndex(registry.domainTools()) };
}
