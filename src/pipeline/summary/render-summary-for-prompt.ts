// The rolling summary as it enters a prompt: user content that reads as a record of earlier talk, never as instructions.
import type { TextBlock } from '../types/index.ts';
import { defuseWrapperTags } from './render-transcript.ts';

/** The one-line lead before the summary; it tells the model whose words these are. */
export const SUMMARY_LEAD =
  "Summary of earlier messages in this conversation (written by the assistant's memory, not by the user):";

/**
 * The summary as a text block for the START OF THE MESSAGES (user content), never for system: the lead line, then the
 * text inside `<conversation_summary>` tags. Wrapper tags inside the text are defused so it cannot close the wrapper.
 * Same summary → byte-identical block (it sits in the cached prefix). Never an empty block.
 */
export function renderSummaryForPrompt(summary: { readonly text: string }): TextBlock {
  const text = defuseWrapperTags(summary.text.trim()) || '(nothing yet)';
  return { type: 'text', text: `${SUMMARY_LEAD}\n<conversation_summary>\n${text}\n</conversation_summary>` };
}
