// Evicted messages as a compact plain-text transcript for the summariser: one entry per message, tool calls and results
// on one line each (JSON as `key: value` prose), long parts cut with a visible marker.
import type { Message } from '../types/index.ts';
import { renderInputCompactly, renderJsonCompactly } from './render-json-compactly.ts';
import { estimateTextTokens } from '../tokens/index.ts';
import { cutToTokens } from '../tokens/index.ts';

export type TranscriptOptions = {
  /** A tool result longer than this is cut (the start is kept) with a visible marker. */
  readonly toolResultMaxTokens: number;
  /** Tool-call inputs are cut to this. */
  readonly toolInputMaxTokens: number;
  /** One text block longer than this is cut (the start is kept) with a visible marker. */
  readonly textMaxTokens: number;
};

/** Our own wrapper tags inside quoted content are defused so quoted text cannot close them. */
const WRAPPER_TAG = /<(\/?)(transcript|previous_summary|conversation_summary|kept_facts)\b/gi;

/** Makes `text` unable to open or close the wrapper tags the summary prompts use. Linear, no backtracking. */
export function defuseWrapperTags(text: string): string {
  return text.replace(WRAPPER_TAG, '‹$1$2');
}

/** Joins lines with single spaces (linear: no regular expression over possibly huge tool output). */
function oneLine(text: string): string {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join(' ');
}

function cutWithMarker(text: string, maxTokens: number, flatten: boolean): string {
  const total = estimateTextTokens(text);
  if (total <= maxTokens) return flatten ? oneLine(text) : text;
  const kept = cutToTokens(text, maxTokens);
  return `${flatten ? oneLine(kept) : kept} [… cut: ${estimateTextTokens(kept)} of ${total} tokens shown …]`;
}

/**
 * One entry per evicted message, oldest first, each starting `[#<seq> <who>]`. Tool calls read
 * `[#seq assistant called <name>] <input>`, results `[#seq result of <name>]` or `[#seq error from <name>]` (the name
 * looked up from the calls in `evicted`, else the id); inputs and JSON results are written as `key: value` prose (see
 * renderJsonCompactly: a quarter fewer tokens on τ-bench's tool output, so more of it fits before the cut). Every
 * entry is defused (see defuseWrapperTags). Pure; the input is not changed.
 */
export function renderTranscript(
  evicted: readonly { readonly seq: number; readonly message: Message }[],
  options: TranscriptOptions,
): string[] {
  const toolNames = new Map<string, string>();
  for (const { message } of evicted) {
    for (const block of message.content) if (block.type === 'tool_use') toolNames.set(block.id, block.name);
  }
  return evicted.map(({ seq, message }) => {
    const parts: string[] = [];
    for (const block of message.content) {
      if (block.type === 'text') {
        if (block.text.trim() !== '') {
          parts.push(`[#${seq} ${message.role}] ${cutWithMarker(block.text.trim(), options.textMaxTokens, false)}`);
        }
      } else if (block.type === 'tool_use') {
        const input = cutWithMarker(renderInputCompactly(block.input), options.toolInputMaxTokens, false);
        parts.push(`[#${seq} assistant called ${block.name}] ${input}`);
      } else if (block.type === 'tool_result') {
        const name = toolNames.get(block.toolUseId) ?? block.toolUseId;
        const label = block.status === 'error' ? `error from ${name}` : `result of ${name}`;
        const text = renderJsonCompactly(block.text) ?? block.text;
        parts.push(`[#${seq} ${label}] ${cutWithMarker(text, options.toolResultMaxTokens, true) || '(empty)'}`);
      }
    }
    if (parts.length === 0) parts.push(`[#${seq} ${message.role}] (no text)`);
    return defuseWrapperTags(parts.join('\n'));
  });
}
