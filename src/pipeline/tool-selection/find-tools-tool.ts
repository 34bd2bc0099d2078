// The built-in `find_tools` tool's definition, sent with every request (its answer: find-tools.ts).
import type { ToolDefinition } from '../types/index.ts';

export const FIND_TOOLS_NAME = 'find_tools';

/** Short and fixed: it is sent with every request, inside the cached prefix. */
export const FIND_TOOLS_TOOL: ToolDefinition = Object.freeze({
  name: FIND_TOOLS_NAME,
  description: 'Find a tool you need that is not offered yet. Matching tools are offered from your next step.',
  inputSchema: Object.freeze({
    type: 'object',
    properties: Object.freeze({
      query: Object.freeze({ type: 'string', description: 'What the tool must do, in a few words.' }),
    }),
    required: Object.freeze(['query']),
  }),
});
