// A turn's loop guard: counts the model's consecutive steps whose tool calls were all made before in the same turn.
import type { ToolUseBlock } from '../pipeline/types/index.ts';

/**
 * Consecutive steps of nothing but repeated calls that end a turn. One repeat is answered (a read again after a
 * change is ordinary work); a second in a row means the model got the same results and asked again.
 */
export const REPEATED_STEPS_LIMIT = 2;

export type RepeatWatch = {
  /** Records a step's calls; returns how many steps in a row, this one included, only repeated earlier calls. */
  readonly observe: (uses: readonly ToolUseBlock[]) => number;
};

/** Same tool, same input as the model wrote it (a reordered input is a new call: the step cap still bounds it). */
function callKey(use: ToolUseBlock): string {
  return `${use.name}\u0000${JSON.stringify(use.input)}`;
}

/** `ignored` names calls that never count (find_tools: its steps have their own allowance). */
export function watchRepeatedCalls(ignored: ReadonlySet<string>): RepeatWatch {
  const made = new Set<string>();
  let inARow = 0;
  return {
    observe(uses) {
      const keys = uses.filter((use) => !ignored.has(use.name)).map(callKey);
      const repeated = keys.length > 0 && keys.every((key) => made.has(key));
      for (const key of keys) made.add(key);
      inARow = repeated ? inARow + 1 : 0;
      return inARow;
    },
  };
}
