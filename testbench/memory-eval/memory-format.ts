// The memory-eval format: one QA-annotated conversation per JSONL line (docs/memory-eval-format.md), parsed and checked.
import * as v from 'valibot';

export type MemoryMessage = {
  readonly id: string;
  readonly at: string;
  readonly role: 'user' | 'assistant';
  readonly text: string;
};
export type MemoryQuestion = {
  readonly id: string;
  readonly question: string;
  readonly answer: string;
  /** Ids of the messages that hold the evidence (may be empty: then only the answer is scored). */
  readonly evidence: readonly string[];
  /** The question is asked once this message and its reply are in; default: after the last message. */
  readonly askedAfter?: string;
  readonly category?: string;
};
export type MemoryConversation = {
  readonly id: string;
  readonly source?: string;
  readonly system?: string;
  readonly messages: readonly MemoryMessage[];
  readonly questions: readonly MemoryQuestion[];
  readonly meta?: Readonly<Record<string, unknown>>;
};

const nonBlank = v.pipe(v.string(), v.check((text) => text.trim() !== '', 'must not be blank'));
const timestamp = v.pipe(
  v.string(),
  v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/, 'must be ISO-8601 with a zone'),
  v.check((text) => Number.isFinite(Date.parse(text)), 'is not a real date'),
);
const MemoryConversationSchema = v.strictObject({
  id: nonBlank,
  source: v.exactOptional(v.string()),
  system: v.exactOptional(v.string()),
  messages: v.pipe(
    v.array(v.strictObject({ id: nonBlank, at: timestamp, role: v.picklist(['user', 'assistant']), text: nonBlank })),
    v.minLength(1, 'must hold at least one message'),
  ),
  questions: v.array(v.strictObject({
    id: nonBlank,
    question: nonBlank,
    answer: nonBlank,
    evidence: v.array(nonBlank),
    askedAfter: v.exactOptional(nonBlank),
    category: v.exactOptional(v.string()),
  })),
  meta: v.exactOptional(v.record(v.string(), v.unknown())),
});

export type ParseMemoryResult =
  | { readonly ok: true; readonly conversation: MemoryConversation }
  | { readonly ok: false; readonly message: string };

/** Order and reference rules the schema cannot say; each problem names the offending id. */
function checkRules(conversation: MemoryConversation): string[] {
  const problems: string[] = [];
  const position = new Map<string, number>();
  conversation.messages.forEach((message, index) => {
    if (position.has(message.id)) problems.push(`message id "${message.id}" is used twice`);
    position.set(message.id, index);
    const before = conversation.messages[index - 1];
    if (before !== undefined && Date.parse(message.at) < Date.parse(before.at)) {
      problems.push(`message "${message.id}" goes back in time`);
    }
  });
  if (conversation.messages[0]?.role !== 'user') problems.push("the first message must be the user's");
  const questionIds = new Set<string>();
  for (const question of conversation.questions) {
    if (questionIds.has(question.id)) problems.push(`question id "${question.id}" is used twice`);
    questionIds.add(question.id);
    const askedAt = question.askedAfter === undefined
      ? conversation.messages.length - 1
      : position.get(question.askedAfter);
    if (askedAt === undefined) {
      problems.push(`question "${question.id}": askedAfter "${question.askedAfter}" is no message`);
    }
    for (const id of question.evidence) {
      const at = position.get(id);
      if (at === undefined) problems.push(`question "${question.id}": evidence "${id}" is no message`);
      else if (askedAt !== undefined && at > askedAt) {
        problems.push(`question "${question.id}": evidence "${id}" comes after the question`);
      }
    }
  }
  return problems;
}

/** Validates one parsed value. Never throws. */
export function parseMemoryConversation(value: unknown): ParseMemoryResult {
  const parsed = v.safeParse(MemoryConversationSchema, value);
  if (!parsed.success) {
    const first = parsed.issues.slice(0, 3).map((issue) => {
      const path = (issue.path ?? []).map((item) => String(item.key)).join('.');
      return path === '' ? issue.message : `${path}: ${issue.message}`;
    });
    return { ok: false, message: first.join('; ') };
  }
  const conversation = parsed.output as MemoryConversation;
  const problems = checkRules(conversation);
  return problems.length === 0 ? { ok: true, conversation } : { ok: false, message: problems.slice(0, 5).join('; ') };
}

export type ParseMemoryFileResult = {
  readonly conversations: readonly MemoryConversation[];
  readonly errors: readonly { readonly line: number; readonly message: string }[];
};

/** Parses a JSONL text: blank lines are skipped, a bad line is reported by number and never stops the rest. */
export function parseMemoryJsonl(text: string): ParseMemoryFileResult {
  const conversations: MemoryConversation[] = [];
  const errors: { line: number; message: string }[] = [];
  const seen = new Set<string>();
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      errors.push({ line: index + 1, message: `invalid JSON: ${(error as Error).message}` });
      return;
    }
    const parsed = parseMemoryConversation(value);
    if (!parsed.ok) errors.push({ line: index + 1, message: parsed.message });
    else if (seen.has(parsed.conversation.id)) {
      errors.push({ line: index + 1, message: `conversation id "${parsed.conversation.id}" is used twice` });
    } else {
      seen.add(parsed.conversation.id);
      conversations.push(parsed.conversation);
    }
  });
  return { conversations, errors };
}
