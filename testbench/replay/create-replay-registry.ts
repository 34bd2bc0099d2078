// The tool registry of a replay: the standard tools, the given manifests, and a stand-in for any recorded tool left out.
import { createToolRegistry, type ToolRegistry } from '../../src/pipeline/tool-catalogue/index.ts';
import { createStandardTools } from '../../src/tools/standard-tools.ts';
import type { ToolHandler } from '../../src/tools/tool-handler.ts';
import type { Conversation } from './conversation-format.ts';

/** Tag of the stand-ins registered for recorded tools no manifest describes. */
export const RECORDED_TAG = 'recorded';

export type ReplayRegistry =
  | {
    readonly ok: true;
    readonly registry: ToolRegistry;
    readonly standardHandlers: ReadonlyMap<string, ToolHandler>;
    /** Recorded tool names that got a stand-in spec (empty schema), in name order. */
    readonly standIns: readonly string[];
  }
  | { readonly ok: false; readonly reason: string };

/**
 * Builds the registry. Invariants: every tool a conversation lists or calls is registered (a manifest's spec when one
 * has it, else a stand-in with an open object schema, so the replay never fails on a missing schema); a bad manifest
 * (or a name clash between manifests) is an error value naming the manifest, never a throw.
 */
export function createReplayRegistry(
  input: {
    readonly manifests: readonly { readonly label: string; readonly json: unknown }[];
    readonly conversations: readonly Conversation[];
  },
): ReplayRegistry {
  const registry = createToolRegistry();
  const standardHandlers = new Map<string, ToolHandler>();
  for (const entry of createStandardTools({ registry })) {
    registry.register(entry.spec);
    standardHandlers.set(entry.spec.name, entry.handler);
  }
  for (const manifest of input.manifests) {
    const loaded = registry.loadManifest(manifest.json);
    if (!loaded.ok) {
      return { ok: false, reason: `tools manifest ${manifest.label}: ${loaded.errors.slice(0, 5).join('; ')}` };
    }
  }
  const recorded = new Set<string>();
  for (const conversation of input.conversations) {
    for (const name of conversation.tools ?? []) recorded.add(name);
    for (const turn of conversation.turns) {
      if (turn.role === 'assistant') { for (const call of turn.toolCalls ?? []) recorded.add(call.name); }
    }
  }
  const standIns = [...recorded].filter((name) => registry.get(name) === undefined).sort();
  for (const name of standIns) {
    registry.register({
      name,
      description: `The recorded tool ${name.replace(/_/g, ' ')} (no schema was given to the replay).`,
      inputSchema: { type: 'object' },
      tags: [RECORDED_TAG],
    });
  }
  return { ok: true, registry, standardHandlers, standIns };
}
