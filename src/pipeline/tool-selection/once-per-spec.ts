// A pure reading of a tool's spec, computed once per spec: a turn reads every tool of a large catalogue this way, and
// the registry hands out the same frozen specs until the catalogue changes.
import type { ToolSpec } from '../tool-catalogue/index.ts';

/** `read` memoised by spec identity (a WeakMap: a spec the catalogue drops takes its reading with it). */
export function oncePerSpec<T>(read: (spec: ToolSpec) => T): (spec: ToolSpec) => T {
  const known = new WeakMap<ToolSpec, T>();
  return (spec) => {
    if (known.has(spec)) return known.get(spec) as T;
    const value = read(spec);
    known.set(spec, value);
    return value;
  };
}
