// Converts one OpenAI-style chat log (system/user/assistant/tool messages, tool_calls) into an untimed conversation.
import * as v from 'valibot';
import type { UntimedConversation, UntimedTurn } from './assign-timestamps.ts';
import type { ToolCall } from './conversation-format.ts';
import { NAME_PATTERN } from './conversation-format.ts';
import { sanitiseToolName } from './sanitise-tool-name.ts';

const ContentSchema = v.union([
  v.string(),
  v.null(),
  v.array(v.looseObject({ type: v.string(), text: v.optional(v.string()) })),
]);
const CallSchema = v.looseObject({
  id: v.string(),
  function: v.looseObject({ name: v.string(), arguments: v.string() }),
});
const MessageSchema = v.variant('role', [
  v.looseObject({ role: v.picklist(['system', 'developer']), content: ContentSchema }),
  v.looseObject({ role: v.literal('user'), content: ContentSchema }),
  v.looseObject({
    role: v.literal('assistant'),
    content: v.optional(ContentSchema),
    tool_calls: v.optional(v.nullable(v.array(CallSchema))),
  }),
  v.looseObject({ role: v.literal('tool'), tool_call_id: v.string(), content: ContentSchema }),
]);

export type OpenAiChatRecord = {
  readonly id: string;
  readonly messages: unknown;
  readonly source?: string;
  readonly meta?: Readonly<Record<string, unknown>>;
};

export type ImportOpenAiChatOptions = {
  /** Tool names the conversation had (after renaming); when given, calls to other names are an error. */
  readonly tools?: readonly string[];
  /** Applied after sanitising: `{ old: new }`, e.g. to avoid a name clash with another tool catalogue. */
  readonly renameTools?: Readonly<Record<string, string>>;
  /** Removed from user text (e.g. tau-bench's `###STOP###`); a user message left blank is dropped with a note. */
  readonly stripMarkers?: readonly string[];
  /** When the system text equals `text`, the conversation points at `path` instead of repeating it. */
  readonly systemFile?: { readonly path: string; readonly text: string };
  /** Decides a tool output is an error; default: it starts with "Error". */
  readonly isErrorOutput?: (output: string) => boolean;
};

export type ImportOpenAiChatResult =
  | { readonly ok: true; readonly conversation: UntimedConversation; readonly notes: readonly string[] }
  | { readonly ok: false; readonly reason: string };

type MutableTurn = { role: 'user'; text: string } | { role: 'assistant'; text?: string; toolCalls?: ToolCall[] } | {
  role: 'tool';
  toolResults: { toolCallId: string; output: string; isError?: boolean }[];
};

/**
 * Converts one chat log, keeping recorded order. Consecutive user messages (and consecutive assistant texts) are merged;
 * tool messages answering one assistant message become one tool turn; duplicate or invalid call ids get unique valid
 * ones; tool names are sanitised then renamed. Anything that cannot be converted faithfully (unparseable arguments, a
 * result with no open call, a call with no result) fails the whole record with a reason: nothing is dropped silently.
 */
export function importOpenAiChat(
  record: OpenAiChatRecord,
  options: ImportOpenAiChatOptions = {},
): ImportOpenAiChatResult {
  const parsed = v.safeParse(v.array(MessageSchema), record.messages);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    return {
      ok: false,
      reason: `messages${issue?.path?.map((item) => `[${String(item.key)}]`).join('') ?? ''}: ${
        issue?.message ?? 'invalid'
      }`,
    };
  }
  const isError = options.isErrorOutput ?? ((output: string) => /^\s*error\b/i.test(output));
  const system: string[] = [];
  const turns: MutableTurn[] = [];
  const notes: string[] = [];
  const usedIds = new Set<string>();
  const open = new Map<string, string>(); // Source call id → our id, for the calls still waiting for a result.
  for (const [index, message] of parsed.output.entries()) {
    const last = turns.at(-1);
    const text = readText(message.content ?? null);
    if (Array.isArray(message.content) && message.content.some((part) => part.text === undefined)) {
      notes.push(`messages[${index}]: non-text content parts ignored`);
    }
    if (message.role !== 'tool' && open.size > 0) {
      return { ok: false, reason: `messages[${index}]: tool call(s) ${[...open.keys()].join(', ')} have no result` };
    }
    if (message.role === 'system' || message.role === 'developer') system.push(text);
    else if (message.role === 'user') {
      const stripped = (options.stripMarkers ?? []).reduce((rest, marker) => rest.split(marker).join(''), text).trim();
      if (stripped === '') notes.push(`messages[${index}]: user message blank after removing markers, dropped`);
      else if (last?.role === 'user') last.text = `${last.text}\n\n${stripped}`;
      else turns.push({ role: 'user', text: stripped });
    } else if (message.role === 'assistant') {
      const calls: ToolCall[] = [];
      for (const call of message.tool_calls ?? []) {
        const input = parseArguments(call.function.arguments);
        if (input === undefined) {
          return { ok: false, reason: `messages[${index}]: arguments of call ${call.id} are not a JSON object` };
        }
        const id = uniqueId(call.id, usedIds);
        if (id !== call.id) notes.push(`messages[${index}]: call id ${call.id} renamed ${id}`);
        open.set(call.id, id);
        const sanitised = sanitiseToolName(call.function.name);
        const name = options.renameTools?.[sanitised] ?? sanitised;
        if (options.tools !== undefined && !options.tools.includes(name)) {
          return { ok: false, reason: `messages[${index}]: call to unknown tool ${name}` };
        }
        calls.push({ id, name, input });
      }
      const reply = text.trim() === '' ? undefined : text;
      if (reply === undefined && calls.length === 0) notes.push(`messages[${index}]: empty assistant message, dropped`);
      else if (turns.length === 0) {
        return { ok: false, reason: `messages[${index}]: the assistant speaks before the user` };
      } else if (last?.role === 'assistant' && last.toolCalls === undefined) {
        if (reply !== undefined) last.text = last.text === undefined ? reply : `${last.text}\n\n${reply}`;
        if (calls.length > 0) last.toolCalls = calls;
      } else {turns.push({
          role: 'assistant',
          ...(reply === undefined ? {} : { text: reply }),
          ...(calls.length === 0 ? {} : { toolCalls: calls }),
        });}
    } else if (message.role === 'tool') {
      const id = open.get(message.tool_call_id);
      if (id === undefined) {
        return {
          ok: false,
          reason: `messages[${index}]: tool result for ${message.tool_call_id} answers no open call`,
        };
      }
      open.delete(message.tool_call_id);
      const result = {
        toolCallId: id,
        output: text,
        ...(isError(text) && text.trim() !== '' ? { isError: true } : {}),
      };
      if (last?.role === 'tool') last.toolResults.push(result);
      else turns.push({ role: 'tool', toolResults: [result] });
    }
  }
  if (open.size > 0) return { ok: false, reason: `tool call(s) ${[...open.keys()].join(', ')} have no result` };
  if (turns.length === 0) return { ok: false, reason: 'no user or assistant messages' };
  return { ok: true, conversation: buildConversation(record, options, system, turns), notes };
}

function buildConversation(
  record: OpenAiChatRecord,
  options: ImportOpenAiChatOptions,
  system: readonly string[],
  turns: readonly UntimedTurn[],
): UntimedConversation {
  const systemText = system.join('\n\n');
  const systemField = system.length === 0
    ? {}
    : options.systemFile?.text === systemText
    ? { systemFile: options.systemFile.path }
    : { system: systemText };
  return {
    id: record.id,
    ...(record.source === undefined ? {} : { source: record.source }),
    ...systemField,
    ...(options.tools === undefined ? {} : { tools: options.tools }),
    ...(record.meta === undefined ? {} : { meta: record.meta }),
    turns,
  };
}

function readText(content: v.InferOutput<typeof ContentSchema>): string {
  if (content === null) return '';
  if (typeof content === 'string') return content;
  return content.map((part) => part.text ?? '').join('');
}

function parseArguments(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text === '' ? '{}' : text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function uniqueId(id: string, used: Set<string>): string {
  const base = NAME_PATTERN.test(id) ? id : sanitiseToolName(id).slice(0, 56);
  let candidate = base;
  for (let suffix = 2; used.has(candidate); suffix += 1) candidate = `${base.slice(0, 56)}_${suffix}`;
  used.add(candidate);
  return candidate;
}
