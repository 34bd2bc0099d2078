// Builds a ToolPackEntry from a declared input and a run function: bad input never reaches the run function or the DB.
import type { ToolInputDefinition } from './define-input.ts';
import type { ToolContext, ToolOutcome, ToolPackEntry } from './tool-handler.ts';

export type DefineToolOptions<T> = {
  readonly name: string;
  /** What it does and when to use it: the model picks tools by this text. */
  readonly description: string;
  readonly tags: readonly string[];
  readonly input: ToolInputDefinition<T>;
  readonly run: (input: T, context: ToolContext) => Promise<ToolOutcome>;
};

/** Compact JSON of `value` as a success outcome (the model reads it: no indentation). */
export function succeed(value: unknown): ToolOutcome {
  return { status: 'success', text: JSON.stringify(value) };
}

/** An error outcome; its text is never empty. */
export function fail(text: string): ToolOutcome {
  return { status: 'error', text: text.trim() === '' ? 'the tool failed' : text };
}

/** The error outcome for an id that does not exist for this user (another user's id answers the same). */
export function failNotFound(kind: string, id: string): ToolOutcome {
  return fail(`${kind} "${id}" not found: list them to see valid ids`);
}

/**
 * A tool whose handler parses the input first: invalid input becomes an error outcome naming the tool and every
 * bad field (`create_task: due_date: must be a real date written YYYY-MM-DD`) and `run` is not called.
 * Store failures (AppError) propagate for the turn loop to turn into an error toolResult.
 */
export function defineTool<T>(options: DefineToolOptions<T>): ToolPackEntry {
  return {
    spec: { name: options.name, description: options.description, inputSchema: options.input.json, tags: options.tags },
    handler: async (input, context) => {
      const parsed = options.input.parse(input);
      if (!parsed.ok) return fail(`invalid input for ${options.name}: ${parsed.problems.join('; ')}`);
      return options.run(parsed.value, context);
    },
  };
}
