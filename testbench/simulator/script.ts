// The queue of scripted replies tests fill; the simulator takes the first item that fits the request's model.
import type { BedrockError, StopReason } from './types.ts';

export type ScriptedToolUse = { readonly name: string; readonly input: unknown; readonly id?: string };

export type ScriptItem = {
  readonly text?: string;
  readonly toolUses?: readonly ScriptedToolUse[];
  /** Answer with this error instead (status, exception name, message). */
  readonly error?: BedrockError;
  /** Only requests whose model id contains this substring take the item. */
  readonly model?: string;
  /** Defaults to tool_use when toolUses are given, else end_turn. */
  readonly stopReason?: StopReason;
};

export type Script = {
  enqueue(...items: readonly ScriptItem[]): void;
  /** Removes and returns the first item for `modelId`, or undefined (the reply is then generated). */
  take(modelId: string): ScriptItem | undefined;
  pending(): readonly ScriptItem[];
  clear(): void;
};

/** Throws TypeError on an item with nothing to say (no text, no toolUses, no error): a test bug, not a request. */
export function createScript(): Script {
  const queue: ScriptItem[] = [];
  return {
    enqueue(...items) {
      for (const item of items) {
        if (
          item.text === undefined && (item.toolUses === undefined || item.toolUses.length === 0) &&
          item.error === undefined
        ) {
          throw new TypeError('a script item needs text, toolUses or error');
        }
        queue.push(item);
      }
    },
    take(modelId) {
      const index = queue.findIndex((item) => item.model === undefined || modelId.includes(item.model));
      return index < 0 ? undefined : queue.splice(index, 1)[0];
    },
    pending: () => [...queue],
    clear: () => {
      queue.length = 0;
    },
  };
}
