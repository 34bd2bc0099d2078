// What became of a replay's recorded tool calls: offered on the first try, recovered through find_tools, or missed,
// with the misses by domain and reason and the calls not offered first by how their list was chosen.
import type { ConversationReplay } from './replay-conversation.ts';

export type ToolCallFigures = {
  readonly recorded: number;
  readonly offered: number;
  readonly recovered: number;
  readonly missed: number;
  /** Misses per domain (the tool's first tag). */
  readonly missedByDomain: Readonly<Record<string, number>>;
  /** Misses per reason: no find_tools offered, the search did not bring the tool, the turn ended first. */
  readonly missedByReason: Readonly<Record<string, number>>;
  /**
   * Calls not offered on the first try (recovered or missed) by how that turn's list was chosen: without the cheap
   * model, from a shortlist that lacked the tool, or from one that held it (see SelectionMiss).
   */
  readonly notOfferedBySelection: Readonly<Record<string, number>>;
};

type Counts = Map<string, number>;

/** Adds to a key's count. A tag is a catalogue's text: counted in a Map, "constructor" is a word like any other. */
function bump(counts: Counts, key: string, count = 1): void {
  counts.set(key, (counts.get(key) ?? 0) + count);
}

/** The counts as a plain record (own properties only, "__proto__" included). */
function toRecord(counts: Counts): Record<string, number> {
  return Object.fromEntries(counts);
}

/** One conversation's tool calls by verdict. Pure. */
export function countToolCalls(replay: ConversationReplay): ToolCallFigures {
  const counts = { recorded: 0, offered: 0, recovered: 0, missed: 0 };
  const missedByDomain: Counts = new Map();
  const missedByReason: Counts = new Map();
  const notOfferedBySelection: Counts = new Map();
  for (const call of replay.turns.flatMap((turn) => turn.toolCalls)) {
    counts.recorded += 1;
    counts[call.verdict] += 1;
    if (call.selection !== undefined) bump(notOfferedBySelection, call.selection);
    if (call.verdict !== 'missed') continue;
    bump(missedByDomain, call.domain);
    bump(missedByReason, call.reason ?? 'unknown');
  }
  return {
    ...counts,
    missedByDomain: toRecord(missedByDomain),
    missedByReason: toRecord(missedByReason),
    notOfferedBySelection: toRecord(notOfferedBySelection),
  };
}

/** Adds conversations' tool-call figures (misses by domain, by reason and by selection merged). Pure. */
export function sumToolCalls(figures: readonly ToolCallFigures[]): ToolCallFigures {
  const merged: Record<'missedByDomain' | 'missedByReason' | 'notOfferedBySelection', Counts> = {
    missedByDomain: new Map(),
    missedByReason: new Map(),
    notOfferedBySelection: new Map(),
  };
  const sum = { recorded: 0, offered: 0, recovered: 0, missed: 0 };
  for (const one of figures) {
    for (const key of ['recorded', 'offered', 'recovered', 'missed'] as const) sum[key] += one[key];
    for (const key of ['missedByDomain', 'missedByReason', 'notOfferedBySelection'] as const) {
      for (const [name, count] of Object.entries(one[key])) bump(merged[key], name, count);
    }
  }
  return {
    ...sum,
    missedByDomain: toRecord(merged.missedByDomain),
    missedByReason: toRecord(merged.missedByReason),
    notOfferedBySelection: toRecord(merged.notOfferedBySelection),
  };
}
