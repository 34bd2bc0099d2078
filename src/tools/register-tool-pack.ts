// Puts a tool pack into a registry and indexes its handlers by name, for the turn loop to dispatch.
import { AppError } from '../errors.ts';
import type { ToolRegistry, ToolSpec } from '../pipeline/tool-catalogue/index.ts';
import { parseToolSpec } from '../pipeline/tool-catalogue/index.ts';
import type { ToolPackEntry } from './tool-handler.ts';

/**
 * The entries' handlers by tool name. Throws AppError('config_invalid') naming the tool when two entries share a name
 * (a handler must never be silently replaced).
 */
export function indexToolPack(entries: readonly ToolPackEntry[]): ReadonlyMap<string, ToolPackEntry> {
  const byName = new Map<string, ToolPackEntry>();
  for (const entry of entries) {
    if (byName.has(entry.spec.name)) {
      throw new AppError('config_invalid', `tool "${entry.spec.name}": name: appears more than once in the tool pack`, {
        details: { name: entry.spec.name },
      });
    }
    byName.set(entry.spec.name, entry);
  }
  return byName;
}

/**
 * Registers every entry's spec, or none: a duplicate (within the pack or with a tool already registered) or an
 * invalid spec throws AppError('config_invalid') naming the tool, before anything is added. Returns the specs as registered.
 */
export function registerToolPack(registry: ToolRegistry, entries: readonly ToolPackEntry[]): readonly ToolSpec[] {
  indexToolPack(entries);
  const taken = entries.find((entry) => registry.get(entry.spec.name) !== undefined);
  if (taken !== undefined) {
    throw new AppError(
      'config_invalid',
      `tool "${taken.spec.name}": name: already registered (tool names must be unique)`,
      { details: { name: taken.spec.name } },
    );
  }
  // Every spec is checked before the first is added, so an invalid one leaves `registry` untouched.
  const errors = entries.flatMap((entry) => {
    const parsed = parseToolSpec({ ...entry.spec, tags: entry.spec.tags ?? [] });
    return parsed.ok ? [] : parsed.errors;
  });
  if (errors.length > 0) throw new AppError('config_invalid', errors.join('; '), { details: { errors } });
  return entries.map((entry) => registry.register(entry.spec));
}
