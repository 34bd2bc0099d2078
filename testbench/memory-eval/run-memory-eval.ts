// Runs the memory eval over a set of conversations: one environment (migrated libSQL store, simulator), each
// conversation in turn, with progress; Bedrock answers summaries and questions when a live connection is given.
import type { ModelCaller } from '../../src/bedrock/call-model.ts';
import { createModelCaller } from '../../src/bedrock/call-model.ts';
import { type BedrockConnection, createBedrockClient } from '../../src/bedrock/create-bedrock-client.ts';
import type { TurnDependencies, TurnSettings } from '../../src/turn/turn-dependencies.ts';
import { createReplayEnvironment } from '../replay/create-replay-environment.ts';
import type { ReplayService } from '../replay/index.ts';
import { type ConversationMemoryFigures, evaluateMemoryConversation } from './evaluate-memory-conversation.ts';
import type { MemoryConversation } from './memory-format.ts';
import { toReplayConversation } from './to-replay-conversation.ts';

export type MemoryEvalMode =
  /** Offline figures only: evidence places, lexical retention, fact retention. */
  | { readonly kind: 'offline' }
  /** The live path against the simulator: questions asked and scored, answers are the simulator's (plumbing check). */
  | { readonly kind: 'simulated-answers' }
  /** Real Bedrock writes the summaries and answers the questions; recorded replies still come from the simulator. */
  | { readonly kind: 'live'; readonly connection: BedrockConnection };

export type RunMemoryEvalOptions = {
  readonly conversations: readonly MemoryConversation[];
  readonly settings: TurnSettings;
  readonly createService: (deps: TurnDependencies) => ReplayService;
  readonly mode: MemoryEvalMode;
  readonly databaseUrl?: string;
  readonly onProgress?: (done: number, total: number) => void;
};

export type RunMemoryEvalResult =
  | { readonly ok: true; readonly conversations: readonly ConversationMemoryFigures[] }
  | { readonly ok: false; readonly reason: string };

/** Never throws for a failed turn (it is counted); a setup failure comes back as `{ ok: false }`. */
export async function runMemoryEval(options: RunMemoryEvalOptions): Promise<RunMemoryEvalResult> {
  const plans = options.conversations.map(toReplayConversation);
  const opened = await createReplayEnvironment({
    conversations: plans.map((plan) => plan.conversation),
    manifests: [],
    settings: options.settings,
    createService: options.createService,
    ...(options.databaseUrl === undefined ? {} : { databaseUrl: options.databaseUrl }),
  });
  if (!opened.ok) return opened;
  const env = opened.environment;
  const bedrock: ModelCaller | undefined = options.mode.kind === 'live'
    ? createModelCaller(createBedrockClient(options.mode.connection))
    : undefined;
  const answering = options.mode.kind === 'offline' ? undefined : bedrock ?? env.models;
  const total = options.conversations.reduce(
    (sum, memory) => sum + memory.questions.length + countExchanges(memory),
    0,
  );
  let done = 0;
  const results: ConversationMemoryFigures[] = [];
  try {
    for (const [index, memory] of options.conversations.entries()) {
      results.push(
        await evaluateMemoryConversation(env, memory, {
          index,
          ...(bedrock === undefined ? {} : { others: bedrock }),
          ...(answering === undefined ? {} : { answering }),
          onProgress: () => options.onProgress?.(done += 1, total),
        }),
      );
    }
  } catch (error) {
    return { ok: false, reason: `store or setup failure: ${error instanceof Error ? error.message : String(error)}` };
  } finally {
    await opened.close();
  }
  return { ok: true, conversations: results };
}

/** User turns after merging (one exchange each). */
function countExchanges(memory: MemoryConversation): number {
  return memory.messages.filter((message, index) =>
    message.role === 'user' && memory.messages[index - 1]?.role !== 'user'
  ).length;
}
