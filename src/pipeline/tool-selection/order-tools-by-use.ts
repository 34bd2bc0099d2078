// The order a conversation keeps its tool list in: most recently used first, so the least used tool is the first to go.
import { keepToolPlaces } from './keep-tool-places.ts';

export type OrderToolsByUseInput = {
  /** The domain tools the turn ended with (any order). */
  readonly offered: readonly string[];
  /** The list as the turn started with it, most recently used first. */
  readonly previousOrder: readonly string[];
  /** Tools called this turn, most recent first (see listCalledTools). */
  readonly calledThisTurn: readonly string[];
};

/**
 * The turn's tools most recently used first: those called this turn, then the rest in their previous order, then those
 * new to the list this turn and not called (a find_tools answer's other tools: the first to go). Only offered tools
 * appear, each once. Pure.
 */
export function orderToolsByUse(input: OrderToolsByUseInput): readonly string[] {
  return keepToolPlaces([...input.calledThisTurn, ...input.previousOrder], input.offered);
}
