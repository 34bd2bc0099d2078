// What a deployer may supply instead of the built-in prompt content and demo tools: read from files or bindings.

export type DeployerContent = {
  /** Replaces the default system instructions (SYSTEM_PROMPT_FILE, or the SYSTEM_PROMPT binding at the edge). */
  readonly instructions?: string;
  /** Replaces the default safety rules (SAFETY_RULES binding at the edge). */
  readonly safetyRules?: string;
  /** Asset id → text (ASSETS_DIR, or the ASSETS_JSON binding); replaces the default assets. */
  readonly assets?: ReadonlyMap<string, string>;
  /** Parsed tool manifests with where each came from (TOOLS_MANIFEST files, or TOOLS_MANIFEST_JSON); replace the demo pack. */
  readonly manifests?: readonly { readonly source: string; readonly json: unknown }[];
};
