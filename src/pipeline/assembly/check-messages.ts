// The message rules of the validity check: who speaks first, alternation, empty parts, and tool-use/tool-result pairing.
import type { PromptMessage } from '../types/index.ts';
import { isCachePoint } from '../types/index.ts';
import type { PromptProblem, PromptRule } from './prompt-problem.ts';
import { TOOL_IDENTIFIER } from './prompt-problem.ts';

type Block = { readonly type?: unknown } & Readonly<Record<string, unknown>>;

function isPlainObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Problems of a message list, in message order. Every toolUse of an assistant message needs a toolResult with its id in
 * the very next (user) message, and every toolResult needs a toolUse with its id in the message just before; ids are
 * unique per request; results come before any text in their message. `usesToolBlocks` tells whether any tool block is
 * present (then the request must carry tools). Never throws on malformed input: it reports `malformed-request`.
 */
export function checkMessages(
  messages: readonly PromptMessage[],
): { problems: PromptProblem[]; usesToolBlocks: boolean } {
  const problems: PromptProblem[] = [];
  const report = (rule: PromptRule, path: string, message: string): void => {
    problems.push({ rule, path, message });
  };
  const seenToolUseIds = new Set<string>();
  let usesToolBlocks = false;
  // Ids the previous assistant message asked for; checked against the message that follows it.
  let pending: { readonly index: number; readonly ids: readonly string[] } | null = null;
  for (const [index, message] of messages.entries()) {
    const at = `messages.${index}`;
    if (
      !isPlainObject(message) || (message.role !== 'user' && message.role !== 'assistant') ||
      !Array.isArray(message.content)
    ) {
      report('malformed-request', at, `${at} must be { role: "user" | "assistant", content: [...] }.`);
      pending = null;
      continue;
    }
    if (index === 0 && message.role !== 'user') {
      report('first-message-not-user', `${at}.role`, 'A conversation must start with a user message.');
    }
    if (index > 0 && messages[index - 1]?.role === message.role) {
      report(
        'roles-not-alternating',
        `${at}.role`,
        `Two ${message.role} messages in a row (${index - 1} and ${index}): roles must alternate.`,
      );
    }
    const blocks = message.content.filter((block) => !isCachePoint(block)) as readonly Block[];
    if (blocks.length === 0) {
      report('empty-content', `${at}.content`, `${at} has no content blocks (cache points do not count).`);
    }
    const expected = new Set(pending !== null && message.role === 'user' ? pending.ids : []);
    const answered = new Set<string>();
    const toolUseIds: string[] = [];
    let sawText = false;
    for (const [position, block] of message.content.entries()) {
      const path = `${at}.content.${position}`;
      if (isCachePoint(block)) continue;
      const item = block as Block;
      if (item.type === 'text') {
        sawText = true;
        if (typeof item.text !== 'string' || item.text.trim() === '') {
          report('empty-text', path, `${path} is an empty text block: Bedrock rejects blank text.`);
        }
      } else if (item.type === 'tool_use') {
        usesToolBlocks = true;
        const id = String(item.id);
        if (message.role !== 'assistant') {
          report(
            'tool-use-in-user-message',
            path,
            `${path} is a toolUse in a user message: only the assistant calls tools.`,
          );
        }
        if (!TOOL_IDENTIFIER.test(id)) {
          report(
            'invalid-tool-use-id',
            `${path}.id`,
            `Tool-use id "${id.slice(0, 80)}" must match ^[a-zA-Z0-9_-]{1,64}$.`,
          );
        }
        if (typeof item.name !== 'string' || !TOOL_IDENTIFIER.test(item.name)) {
          report(
            'invalid-tool-name',
            `${path}.name`,
            `Tool name "${String(item.name).slice(0, 80)}" must match ^[a-zA-Z0-9_-]{1,64}$.`,
          );
        }
        if (!isPlainObject(item.input)) {
          report('invalid-tool-input', `${path}.input`, `${path} input must be a JSON object.`);
        }
        if (seenToolUseIds.has(id)) {
          report('duplicate-tool-use-id', `${path}.id`, `Tool-use id "${id}" is used twice in this request.`);
        }
        seenToolUseIds.add(id);
        toolUseIds.push(id);
      } else if (item.type === 'tool_result') {
        usesToolBlocks = true;
        const id = String(item.toolUseId);
        if (message.role !== 'user') {
          report(
            'tool-result-in-assistant-message',
            path,
            `${path} is a toolResult in an assistant message: results belong to the user turn.`,
          );
        }
        if (!TOOL_IDENTIFIER.test(id)) {
          report(
            'invalid-tool-use-id',
            `${path}.toolUseId`,
            `Tool-use id "${id.slice(0, 80)}" must match ^[a-zA-Z0-9_-]{1,64}$.`,
          );
        }
        if (item.status === 'error' && (typeof item.text !== 'string' || item.text.trim() === '')) {
          report(
            'empty-error-tool-result',
            path,
            `The content field at ${path} cannot be empty when status value is error.`,
          );
        }
        if (sawText) {
          report(
            'tool-result-after-text',
            path,
            `${path} follows a text block: toolResult blocks must come first in their message.`,
          );
        }
        if (answered.has(id)) report('duplicate-tool-result', path, `A second toolResult for "${id}" in ${at}.`);
        else if (!expected.has(id)) {
          report(
            'tool-result-without-use',
            path,
            `The toolResult for "${id}" at ${path} has no matching toolUse in the previous assistant message.`,
          );
        }
        answered.add(id);
      } else {
        report('unknown-block-type', path, `${path} has unknown block type "${String(item.type)}".`);
      }
    }
    if (pending !== null) {
      const missing = pending.ids.filter((id) => !answered.has(id) || message.role !== 'user');
      if (missing.length > 0) {
        report(
          'tool-use-without-result',
          `${at}.content`,
          `Expected toolResult blocks at ${at}.content for the following Ids: ${missing.join(', ')}`,
        );
      }
    }
    pending = message.role === 'assistant' && toolUseIds.length > 0 ? { index, ids: toolUseIds } : null;
  }
  if (pending !== null) {
    report(
      'tool-use-without-result',
      `messages.${pending.index}.content`,
      `messages.${pending.index} calls tools (${
        pending.ids.join(', ')
      }) but no message with their toolResult blocks follows.`,
    );
  }
  return { problems, usesToolBlocks };
}
