// Reads a whole OpenAI-style log file (tau-bench trajectories, `{ messages }` records, or one message list) and imports it.
import { timeConversations } from './assign-timestamps.ts';
import type { Conversation } from './conversation-format.ts';
import { parseConversation } from './conversation-format.ts';
import type { ImportOpenAiChatOptions, OpenAiChatRecord } from './import-openai-chat.ts';
import { importOpenAiChat } from './import-openai-chat.ts';

/** A problem with one item of an import, named so a person can find it in the source file. */
export type ImportProblem = { readonly where: string; readonly message: string };

export type ReadOpenAiRecordsOptions = { readonly idPrefix: string; readonly source?: string };

/**
 * Finds the chat logs in a parsed JSON value: an array of tau-bench results `{ task_id, trial, traj, reward? }`, an array
 * of `{ id?, messages }`, one such object, or one bare message list. Items it cannot recognise become problems.
 */
export function readOpenAiRecords(
  value: unknown,
  options: ReadOpenAiRecordsOptions,
): { readonly records: readonly OpenAiChatRecord[]; readonly problems: readonly ImportProblem[] } {
  const source = options.source === undefined ? {} : { source: options.source };
  if (Array.isArray(value) && value.every((item) => isObject(item) && typeof item.role === 'string')) {
    return { records: [{ id: `${options.idPrefix}-1`, messages: value, ...source }], problems: [] };
  }
  const items: readonly unknown[] = Array.isArray(value) ? value : [value];
  const records: OpenAiChatRecord[] = [];
  const problems: ImportProblem[] = [];
  items.forEach((item, index) => {
    if (isObject(item) && Array.isArray(item.traj)) {
      const taskId = String(item.task_id ?? index);
      const trial = String(item.trial ?? 0);
      const meta = { taskId: item.task_id ?? null, trial: item.trial ?? null, reward: item.reward ?? null };
      records.push({ id: `${options.idPrefix}-t${taskId}-r${trial}`, messages: item.traj, meta, ...source });
    } else if (isObject(item) && Array.isArray(item.messages)) {
      const id = typeof item.id === 'string' && item.id !== '' ? item.id : `${options.idPrefix}-${index + 1}`;
      records.push({ id, messages: item.messages, ...source });
    } else {
      problems.push({
        where: `item ${index + 1}`,
        message: 'neither { messages: [...] } nor a tau-bench { traj: [...] } record',
      });
    }
  });
  return { records, problems };
}

export type ImportOpenAiLogOptions = ReadOpenAiRecordsOptions & ImportOpenAiChatOptions & { readonly startAt: number };

export type ImportResult = {
  readonly conversations: readonly Conversation[];
  readonly problems: readonly ImportProblem[];
  /** Lossy but deliberate changes (dropped blank messages, renamed ids), so a reader can audit the import. */
  readonly notes: readonly ImportProblem[];
};

/**
 * Imports every chat log of a parsed file. Invariants: each record yields one conversation or one problem (never
 * silently dropped); every conversation passes parseConversation; timestamps never decrease across the list.
 */
export function importOpenAiLog(value: unknown, options: ImportOpenAiLogOptions): ImportResult {
  const { records, problems: readProblems } = readOpenAiRecords(value, options);
  const problems: ImportProblem[] = [...readProblems];
  const notes: ImportProblem[] = [];
  const imported = records.flatMap((record) => {
    const result = importOpenAiChat(record, options);
    if (!result.ok) {
      problems.push({ where: record.id, message: result.reason });
      return [];
    }
    notes.push(...result.notes.map((message) => ({ where: record.id, message })));
    return [result.conversation];
  });
  const conversations = timeConversations(imported, { startAt: options.startAt }).flatMap((conversation) => {
    const checked = parseConversation(conversation);
    if (checked.ok) return [checked.conversation];
    problems.push({ where: conversation.id, message: checked.message });
    return [];
  });
  return { conversations, problems, notes };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
