// Turns OpenAI function-tool schemas (`{ type: "function", function: { name, description, parameters } }`) into our manifest entries.

/** One entry of a tool manifest (the registry's format: see src/pipeline/tool-catalogue/tool-registry.ts). */
export type ManifestTool = {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: Readonly<Record<string, unknown>>;
  readonly tags: readonly string[];
};

export type ToolDomain = {
  readonly tag: string;
  readonly tools: readonly unknown[];
  readonly rename?: Readonly<Record<string, string>>;
};

export type ConvertToolsResult = { readonly ok: true; readonly tools: readonly ManifestTool[] } | {
  readonly ok: false;
  readonly errors: readonly string[];
};

/**
 * Merges several domains' OpenAI tool lists into one manifest with unique names. Invariants: a name is renamed (per
 * domain) before merging; the same name with an identical description and schema in two domains becomes one entry
 * carrying both tags; the same name with different content is an error (rename one); output is sorted by name.
 */
export function convertOpenAiTools(domains: readonly ToolDomain[]): ConvertToolsResult {
  const byName = new Map<string, { tool: ManifestTool; key: string }>();
  const errors: string[] = [];
  for (const domain of domains) {
    domain.tools.forEach((raw, index) => {
      const fn = (raw as { function?: { name?: unknown; description?: unknown; parameters?: unknown } } | null)
        ?.function;
      const parameters = fn?.parameters as { type?: unknown } | undefined;
      if (typeof fn?.name !== 'string' || typeof fn.description !== 'string' || parameters?.type !== 'object') {
        errors.push(
          `${domain.tag}[${index}]: expected { function: { name, description, parameters: { type: "object" } } }`,
        );
        return;
      }
      const name = domain.rename?.[fn.name] ?? fn.name;
      const key = JSON.stringify([fn.description, parameters]);
      const existing = byName.get(name);
      if (existing === undefined) {
        byName.set(name, {
          tool: {
            name,
            description: fn.description,
            inputSchema: parameters as Record<string, unknown>,
            tags: [domain.tag],
          },
          key,
        });
      } else if (existing.key === key) {
        byName.set(name, { tool: { ...existing.tool, tags: [...existing.tool.tags, domain.tag] }, key });
      } else {
        errors.push(
          `${domain.tag}: "${name}" differs from the ${existing.tool.tags.join('/')} tool of that name; rename one`,
        );
      }
    });
  }
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    tools: [...byName.values()].map((entry) => entry.tool).sort((
      a,
      b,
    ) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
  };
}
