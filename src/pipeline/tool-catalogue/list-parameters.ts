// A tool's parameters as the search and the selection read them: name, description and the string values it accepts.
import type { ToolSpec } from './tool-spec.ts';

export type ToolParameter = {
  readonly name: string;
  /** Its description, or '' when it has none. */
  readonly description: string;
  /** The strings of its `enum`, in order (other values left out); none when it has no enum. */
  readonly values: readonly string[];
};

/** The top-level properties of the tool's input schema, in their order; a schema without properties has none. Pure. */
export function listParameters(spec: ToolSpec): readonly ToolParameter[] {
  const properties = spec.inputSchema['properties'];
  if (typeof properties !== 'object' || properties === null) return [];
  return Object.entries(properties as Record<string, unknown>).map(([name, value]) => {
    const schema = (typeof value === 'object' && value !== null ? value : {}) as {
      description?: unknown;
      enum?: unknown;
    };
    return {
      name,
      description: typeof schema.description === 'string' ? schema.description : '',
      values: Array.isArray(schema.enum)
        ? schema.enum.filter((option): option is string => typeof option === 'string')
        : [],
    };
  });
}
