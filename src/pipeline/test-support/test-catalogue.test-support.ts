// A small tool catalogue for tests: tools by name, description and tags (no parameters), with its search index.
import { createToolRegistry, type ToolRegistry } from '../tool-catalogue/index.ts';
import { createToolIndex, type ToolIndex } from '../tool-search/index.ts';

export type TestTool = readonly [name: string, description: string, tags: readonly string[]];

export function createTestCatalogue(tools: readonly TestTool[]): { registry: ToolRegistry; index: ToolIndex } {
  const registry = createToolRegistry();
  for (const [name, description, tags] of tools) {
    registry.register({ name, description, inputSchema: { type: 'object', properties: {} }, tags });
  }
  return { registry, index: createToolIndex(registry.domainTools()) };
}
