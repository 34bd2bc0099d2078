// The replay conversation format: one JSON conversation per line (JSONL), validated shape first, turn order second.
import * as v from 'valibot';
import { checkConversationRules } from './check-conversation-rules.ts';

/** Tool names and tool call ids, as Bedrock accepts them. */
export const NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;
// ISO-8601 date-time with an explicit zone, so every reader puts a turn at the same instant.
const TIMESTAMP_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
/** At most this many problems are listed for one bad line (the first ones explain the rest). */
const MAX_MESSAGES_PER_LINE = 5;

export type ToolCall = {
  readonly id: string;
  readonly name: string;
  readonly input: Readonly<Record<string, unknown>>;
};
export type ToolResult = { readonly toolCallId: string; readonly output: string; readonly isError?: boolean };
export type UserTurn = { readonly at: string; readonly role: 'user'; readonly text: string };
export type AssistantTurn = {
  readonly at: string;
  readonly role: 'assistant';
  readonly text?: string;
  readonly toolCalls?: readonly ToolCall[];
};
export type ToolTurn = { readonly at: string; readonly role: 'tool'; readonly toolResults: readonly ToolResult[] };
export type Turn = UserTurn | AssistantTurn | ToolTurn;

export type Conversation = {
  readonly id: string;
  readonly source?: string;
  /** The system prompt, inline. At most one of `system` and `systemFile`. */
  readonly system?: string;
  /** A file holding the system prompt, relative to the JSONL file's folder (see loadConversationsFile). */
  readonly systemFile?: string;
  /** Names of the tools the conversation had; when present every tool call names one of them. */
  readonly tools?: readonly string[];
  /** Free facts about the source (task id, score…); never read by the replay. */
  readonly meta?: Readonly<Record<string, unknown>>;
  readonly turns: readonly Turn[];
};

const nonBlank = v.pipe(v.string(), v.check((text) => text.trim().length > 0, 'must not be blank'));
const name = v.pipe(v.string(), v.regex(NAME_PATTERN, 'must match ^[a-zA-Z0-9_-]{1,64}$'));
const timestamp = v.pipe(
  v.string(),
  v.regex(TIMESTAMP_PATTERN, 'must be an ISO-8601 date-time with a zone, e.g. 2024-05-15T14:00:00.000Z'),
  v.check((text) => Number.isFinite(Date.parse(text)), 'is not a real date'),
);

const jsonObject = v.pipe(
  v.custom<Record<string, unknown>>(
    (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
    'must be a JSON object',
  ),
  v.record(v.string(), v.unknown()),
);
const ToolCallSchema = v.strictObject({ id: name, name, input: jsonObject });
const ToolResultSchema = v.strictObject({
  toolCallId: name,
  output: v.string(),
  isError: v.exactOptional(v.boolean()),
});

const TurnSchema = v.variant('role', [
  v.strictObject({ at: timestamp, role: v.literal('user'), text: nonBlank }),
  v.strictObject({
    at: timestamp,
    role: v.literal('assistant'),
    text: v.exactOptional(nonBlank),
    toolCalls: v.exactOptional(v.pipe(v.array(ToolCallSchema), v.minLength(1, 'must hold at least one call'))),
  }),
  v.strictObject({
    at: timestamp,
    role: v.literal('tool'),
    toolResults: v.pipe(v.array(ToolResultSchema), v.minLength(1, 'must hold at least one result')),
  }),
]);

/** The shape of one conversation (turn order and cross references are checked by checkConversationRules). */
export const ConversationSchema = v.strictObject({
  id: v.pipe(v.string(), v.minLength(1, 'must not be empty')),
  source: v.exactOptional(v.string()),
  system: v.exactOptional(v.string()),
  systemFile: v.exactOptional(v.pipe(v.string(), v.minLength(1, 'must not be empty'))),
  tools: v.exactOptional(v.array(name)),
  meta: v.exactOptional(jsonObject),
  turns: v.pipe(v.array(TurnSchema), v.minLength(1, 'must hold at least one turn')),
});

export type ParseConversationResult =
  | { readonly ok: true; readonly conversation: Conversation }
  | { readonly ok: false; readonly message: string };

/** Validates an already-parsed value as a conversation: shape, then turn order. Never throws. */
export function parseConversation(value: unknown): ParseConversationResult {
  const parsed = v.safeParse(ConversationSchema, value);
  if (!parsed.success) {
    return {
      ok: false,
      message: joinMessages(parsed.issues.map((issue) => `${formatPath(issue.path)}${explain(issue.message)}`)),
    };
  }
  const conversation: Conversation = parsed.output;
  const problems = checkConversationRules(conversation);
  return problems.length === 0 ? { ok: true, conversation } : { ok: false, message: joinMessages(problems) };
}

/** Parses one JSONL line into a conversation. Never throws: bad JSON and bad shapes come back as `{ ok: false }`. */
export function parseConversationLine(line: string): ParseConversationResult {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    return { ok: false, message: `invalid JSON: ${(error as Error).message}` };
  }
  return parseConversation(value);
}

export type LineError = { readonly line: number; readonly message: string };
export type ParseConversationsResult = {
  readonly conversations: readonly Conversation[];
  /** The 1-based line of each conversation (same index). */
  readonly lines: readonly number[];
  readonly errors: readonly LineError[];
};

/**
 * Parses a JSONL file. Invariants: every non-blank line yields either a conversation or an error with its 1-based
 * line number (never both, never neither); a repeated id is an error on the later line; order is kept.
 */
export function parseConversationsJsonl(text: string): ParseConversationsResult {
  const conversations: Conversation[] = [];
  const lines: number[] = [];
  const errors: LineError[] = [];
  const seen = new Map<string, number>();
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (line === '') return;
    const result = parseConversationLine(line);
    if (!result.ok) {
      errors.push({ line: index + 1, message: result.message });
      return;
    }
    const earlier = seen.get(result.conversation.id);
    if (earlier !== undefined) {
      errors.push({ line: index + 1, message: `id "${result.conversation.id}" is already used on line ${earlier}` });
      return;
    }
    seen.set(result.conversation.id, index + 1);
    conversations.push(result.conversation);
    lines.push(index + 1);
  });
  return { conversations, lines, errors };
}

/** Serialises conversations as JSONL (one line each, trailing newline); parseConversationsJsonl reads it back equal. */
export function formatConversationsJsonl(conversations: readonly Conversation[]): string {
  return conversations.map((conversation) => `${JSON.stringify(conversation)}\n`).join('');
}

function formatPath(path: readonly { key: unknown }[] | undefined): string {
  if (path === undefined || path.length === 0) return '';
  const text = path.map((item) => (typeof item.key === 'number' ? `[${item.key}]` : `.${String(item.key)}`)).join('');
  return `${text.replace(/^\./, '')}: `;
}

// valibot's wording for strict objects, said the way a person fixing the file thinks of it.
function explain(message: string): string {
  if (message.startsWith('Invalid key: Expected never')) return 'unknown field';
  if (/^Invalid key: .* but received undefined$/.test(message)) return 'is required';
  return message;
}

function joinMessages(messages: readonly string[]): string {
  const shown = messages.slice(0, MAX_MESSAGES_PER_LINE).join('; ');
  const more = messages.length - MAX_MESSAGES_PER_LINE;
  return more > 0 ? `${shown}; and ${more} more` : shown;
}
