// The pure half after the selector call: turns the cheap model's forced `select_tools` answer into the tool list.
import type { ModelReply } from '../types/index.ts';
import { SELECT_TOOLS_NAME } from './render-shortlist.ts';
import type { ToolSelection, ToolSelectionPlan } from './tool-selection-plan.ts';

export type { ToolSelection };

export type ApplyToolSelectionInput = {
  readonly plan: ToolSelectionPlan;
  readonly reply?: ModelReply;
  readonly error?: unknown;
};

function readNames(reply: ModelReply | undefined): readonly unknown[] | undefined {
  const call = reply?.content.find((block) => block.type === 'tool_use' && block.name === SELECT_TOOLS_NAME);
  if (call === undefined || call.type !== 'tool_use') return undefined;
  const tools = call.input['tools'];
  return Array.isArray(tools) ? tools : undefined;
}

/**
 * Never throws. Unknown names, non-strings and duplicates are dropped; a missing reply, an error, or no valid
 * name falls back to the local top picks; the result is clamped to minTools..maxTools, filled from the ranking.
 */
export function applyToolSelection(input: ApplyToolSelectionInput): ToolSelection {
  const { plan } = input;
  if (plan.kind !== 'ask') return { selected: plan.selected, source: plan.kind, dropped: [] };
  const names = input.error === undefined ? readNames(input.reply) : undefined;
  const allowed = new Set(plan.shortlist);
  const chosen: string[] = [];
  const dropped: string[] = [];
  for (const name of names ?? []) {
    if (typeof name !== 'string' || !allowed.has(name)) {
      dropped.push(typeof name === 'string' ? name : JSON.stringify(name) ?? String(name));
    } else if (chosen.includes(name)) continue;
    else if (chosen.length >= plan.maxTools) dropped.push(name);
    else chosen.push(name);
  }
  if (chosen.length === 0) return { selected: plan.fallback, source: 'fallback', dropped };
  for (const name of plan.ranked) {
    if (chosen.length >= plan.minTools) break;
    if (!chosen.includes(name)) chosen.push(name);
  }
  return { selected: chosen, source: 'model', dropped };
}
