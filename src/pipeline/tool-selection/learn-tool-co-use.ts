// Which tools the deployment's own conversations use together in one turn (press the brake pedal, then start the
// engine; change directory, then move the file): learned from the calls that ran, for catalogues whose names and
// descriptions do not say which step comes with which.
import { addToList, compareText } from '../tool-catalogue/index.ts';
import type { PromptMessage } from '../types/index.ts';

/** One learned count: the turns that ran `tool` and `partner` both (`tool === partner`: the turns that ran `tool`). */
export type ToolCoUse = { readonly tool: string; readonly partner: string; readonly turns: number };

/** A turn's distinct tools counted at most: a turn that runs more is a batch, and its pairs would crowd the table. */
export const CO_USE_TOOLS_MAX = 8;
/** A partner is learned once this many turns ran it with the tool (one turn is an accident). */
const MIN_TURNS = 2;
/** …and it ran in at least this share of the tool's turns (a step that often comes with it, not a bystander). */
const MIN_SHARE = 0.25;
/** A tool brings at most this many learned partners. */
export const LEARNED_PARTNERS_MAX = 2;

/**
 * The tools a turn's messages ran, in the order first called: every tool some call named, less the calls refused
 * because the request did not offer the tool (a call refused and then made again once find_tools offered it ran). Pure.
 */
export function listRanTools(run: readonly PromptMessage[], refused: readonly string[]): readonly string[] {
  const calls = new Map<string, number>();
  for (const message of run) {
    if (message.role !== 'assistant') continue;
    for (const block of message.content) {
      if (block.type === 'tool_use') calls.set(block.name, (calls.get(block.name) ?? 0) + 1);
    }
  }
  for (const name of refused) calls.set(name, (calls.get(name) ?? 0) - 1);
  return [...calls].flatMap(([name, count]) => count > 0 ? [name] : []);
}

/** A pair one turn counts once. */
export type ToolPair = { readonly tool: string; readonly partner: string };

/**
 * The pairs one turn counts, given the domain tools it ran (any order, repeats allowed): each of its first
 * CO_USE_TOOLS_MAX distinct tools with itself, and every ordered pair of them. Pure.
 */
export function listCoUsePairs(ran: readonly string[]): readonly ToolPair[] {
  const tools = [...new Set(ran)].slice(0, CO_USE_TOOLS_MAX);
  return tools.flatMap((tool) => tools.map((partner) => ({ tool, partner })));
}

/**
 * Each tool's learned partners, most turns first (ties by name): the tools that ran with it in at least MIN_TURNS
 * turns and MIN_SHARE of its own, at most LEARNED_PARTNERS_MAX, only those `isOffered` accepts (registered domain
 * tools). `counts` holds the tools' rows, their own included. Pure.
 */
export function listLearnedPartners(
  counts: readonly ToolCoUse[],
  isOffered: (name: string) => boolean,
): ReadonlyMap<string, readonly string[]> {
  const own = new Map<string, number>();
  for (const row of counts) if (row.tool === row.partner) own.set(row.tool, row.turns);
  const partners = new Map<string, ToolCoUse[]>();
  for (const row of counts) {
    const ran = own.get(row.tool) ?? 0;
    if (row.tool === row.partner || row.turns < MIN_TURNS || row.turns < MIN_SHARE * ran) continue;
    if (!isOffered(row.partner)) continue;
    addToList(partners, row.tool, row);
  }
  return new Map(
    [...partners].map(([tool, rows]) => [
      tool,
      rows.sort((a, b) => b.turns - a.turns || compareText(a.partner, b.partner))
        .slice(0, LEARNED_PARTNERS_MAX).map((row) => row.partner),
    ]),
  );
}
