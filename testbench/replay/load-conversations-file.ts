// Reads a JSONL conversations file from disk and inlines each `systemFile` (relative to the JSONL file's folder).
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Conversation, LineError } from './conversation-format.ts';
import { parseConversationsJsonl } from './conversation-format.ts';

export type LoadConversationsResult = {
  readonly conversations: readonly Conversation[];
  readonly errors: readonly LineError[];
};

/**
 * Loads and parses a conversations file. Invariants: returned conversations carry `system` inline and no `systemFile`
 * (each referenced file is read once); a missing system file is a line error for every conversation naming it (those
 * conversations are not returned); an unreadable JSONL file rejects with the fs error.
 */
export async function loadConversationsFile(path: string): Promise<LoadConversationsResult> {
  const parsed = parseConversationsJsonl(await readFile(path, 'utf8'));
  const texts = new Map<string, Promise<string | Error>>();
  const conversations: Conversation[] = [];
  const errors: LineError[] = [...parsed.errors];
  for (const [index, conversation] of parsed.conversations.entries()) {
    const { systemFile, ...rest } = conversation;
    if (systemFile === undefined) {
      conversations.push(conversation);
      continue;
    }
    const target = resolve(dirname(path), systemFile);
    if (!texts.has(target)) texts.set(target, readFile(target, 'utf8').catch((error: unknown) => error as Error));
    const text = await texts.get(target);
    if (typeof text === 'string') conversations.push({ ...rest, system: text });
    else {errors.push({
        line: parsed.lines[index] ?? 0,
        message: `systemFile ${systemFile}: ${text?.message ?? 'unreadable'}`,
      });}
  }
  return { conversations, errors: [...errors].sort((a, b) => a.line - b.line) };
}
