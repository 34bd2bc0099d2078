// The message section of a prompt: the summary (user content), the pinned asset pairs, then the window, as valid turns.
import type { AssetPair } from '../assets/index.ts';
import { renderSummaryForPrompt } from '../summary/index.ts';
import type { ContentBlock, Message } from '../types/index.ts';
import type { WindowMessage } from '../window/index.ts';

/** Opens the messages when pinned pairs must be re-inserted but there is no summary to open with (a gap). */
export const NO_SUMMARY_LEAD = 'Earlier messages of this conversation are not shown here.';

export type BuildPromptMessagesOptions = {
  readonly summary: { readonly text: string } | null;
  readonly pinnedAssets: readonly AssetPair[];
  readonly window: readonly WindowMessage[];
};

/** `first`'s content after `blocks` in one user message when `first` is a user message, else both messages as they are. */
function joinUser(blocks: readonly ContentBlock[], first: Message | undefined): Message[] {
  if (first?.role === 'user') return [{ role: 'user', content: [...blocks, ...first.content] }];
  return first === undefined ? [{ role: 'user', content: blocks }] : [{ role: 'user', content: blocks }, first];
}

/**
 * The window's messages preceded by the summary and the pinned get_asset pairs, keeping roles alternating:
 * user[summary, window[0]…] without pins; user[summary or NO_SUMMARY_LEAD] → assistant[pinned toolUses] →
 * user[pinned toolResults, window[0]…] with pins. The pins are the ORIGINAL blocks, each once; toolResults come first in
 * their message. The summary is user content, never system. Only messages that change at an eviction are rebuilt, so an
 * append-only window keeps the output's prefix identical. Window messages are reused, not copied or mutated.
 */
export function buildPromptMessages(options: BuildPromptMessagesOptions): Message[] {
  const { summary, pinnedAssets } = options;
  const messages = options.window.map((entry) => entry.message);
  const lead: ContentBlock[] = summary === null ? [] : [renderSummaryForPrompt(summary)];
  if (pinnedAssets.length === 0) {
    if (lead.length === 0) return messages;
    return [...joinUser(lead, messages[0]), ...messages.slice(1)];
  }
  const opening: Message = {
    role: 'user',
    content: lead.length > 0 ? lead : [{ type: 'text', text: NO_SUMMARY_LEAD }],
  };
  const uses: Message = { role: 'assistant', content: pinnedAssets.map((pin) => pin.toolUse) };
  const results = pinnedAssets.map((pin) => pin.toolResult);
  return [opening, uses, ...joinUser(results, messages[0]), ...messages.slice(1)];
}
