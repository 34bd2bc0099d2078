// The port the HTTP layer calls: one conversation's life as the mobile app sees it. The turn loop implements it.
import type { CacheLayer } from '../pipeline/assembly/index.ts';
import type { BilledUsage } from '../pipeline/cost/index.ts';

export type ConversationRef = { readonly userId: string; readonly conversationId: string };

export type PublicMessage = {
  readonly id: string;
  readonly role: 'user' | 'assistant';
  readonly text: string;
  readonly createdAt: string;
};

/** Billing of one turn (all of its model calls) as the API returns it. */
export type TurnUsage = BilledUsage;

export type TurnResult = {
  readonly message: { readonly id: string; readonly role: 'assistant'; readonly text: string };
  readonly usage: TurnUsage;
};

/** Streamed while a turn runs; `done`/`error` are produced by the HTTP layer from the result. */
export type TurnEvent =
  | { readonly type: 'delta'; readonly text: string }
  | { readonly type: 'tool'; readonly name: string; readonly status: 'started' | 'success' | 'error' };

export type SendMessageInput = ConversationRef & {
  readonly text: string;
  readonly idempotencyKey?: string;
  /** Called for each streamed event; must not throw. A closed client does not stop the turn. */
  readonly onEvent?: (event: TurnEvent) => void;
  /** Keeps work after the reply alive (Workers' waitUntil for this request); defaults to the service's own. */
  readonly runInBackground?: (task: Promise<unknown>) => void;
};

export type ConversationUsage = BilledUsage & {
  readonly savingPercent: number;
  readonly summaryTokens: number;
  /** Failed summary updates so far; never silent. */
  readonly summaryGaps: number;
  /** Messages that left the context without being summarised (the summariser kept failing); 0 = nothing lost. */
  readonly unsummarisedMessages: number;
  /** Cache checkpoints the plan stopped placing because their writes were never read, with the cause; empty = none. */
  readonly cacheWithheld: readonly CacheWithheldCheckpoint[];
};

export type CacheWithheldCheckpoint = {
  readonly layer: CacheLayer;
  readonly cause: string;
  /** Writes in a row the next call did not read. */
  readonly unreadWrites: number;
  readonly since: string;
};

/**
 * Every method is scoped to `userId`: another user's conversation is `not_found` (AppError).
 * A second `sendMessage` while a turn of the same conversation runs fails with `conflict`.
 * A repeated `idempotencyKey` returns the first result and creates nothing.
 */
export interface ChatService {
  createConversation(
    input: { readonly userId: string; readonly title?: string },
  ): Promise<{ readonly id: string; readonly createdAt: string }>;
  sendMessage(input: SendMessageInput): Promise<TurnResult>;
  listMessages(input: ConversationRef & { readonly before?: string; readonly limit: number }): Promise<{
    readonly messages: readonly PublicMessage[];
    readonly nextBefore: string | null;
  }>;
  getUsage(input: ConversationRef): Promise<ConversationUsage>;
  deleteConversation(input: ConversationRef): Promise<void>;
}
