// What a runnable tool is: its spec for the model and the code that answers it.
import type { Database } from '../store/database.ts';
import type { ToolInput } from '../pipeline/tool-catalogue/index.ts';

/** Everything a tool may touch. Every query a tool runs is scoped to `userId`. */
export type ToolContext = {
  readonly database: Database;
  readonly userId: string;
  readonly conversationId: string;
  readonly now: Date;
  readonly newId: () => string;
};

/** A tool's answer. An `error` outcome becomes an error toolResult the model can read; its text is never empty. */
export type ToolOutcome = { readonly status: 'success' | 'error'; readonly text: string };

export type ToolHandler = (input: Readonly<Record<string, unknown>>, context: ToolContext) => Promise<ToolOutcome>;

/** A tool with its implementation, as the demo pack and deployers' code packs provide them. */
export type ToolPackEntry = { readonly spec: ToolInput; readonly handler: ToolHandler };
