// The running list of kept facts: the previous list plus the facts of newly evicted messages, counted and ranked by how
// often they were referred to and how recently.
import type { Message } from '../types/index.ts';
import { extractFacts, FACT_KINDS, type FactKind } from './extract-facts.ts';

export type FactEntry = {
  readonly kind: FactKind;
  readonly text: string;
  readonly key: string;
  /** Evicted messages that mentioned it, over the whole conversation so far. */
  readonly mentions: number;
  /** The seq of the last evicted message that mentioned it (for parsed entries: their rank, below the covered seq). */
  readonly lastSeq: number;
};

/** A fact of the messages being evicted now: it outranks older facts unless they were mentioned about 30 times more. */
export const NEW_FACT_BONUS = 4;
/**
 * What each kind adds to the priority: exact strings that cannot be rebuilt from prose (ids, dates) first; names last,
 * since the prose usually keeps who someone is. Looked up in a Map (kinds are ours, but the habit holds).
 */
const KIND_WEIGHT = new Map<FactKind, number>([
  ['identifier', 2],
  ['date', 2],
  ['amount', 1],
  ['commitment', 1],
  ['preference', 1],
  ['name', 0],
]);
/** Tool results are read up to here: their ids matter, but a long listing would crowd out what people said. */
const TOOL_RESULT_SCANNED_CHARS = 2_000;

/** Text of a message for fact extraction: its text, tool inputs and the start of its tool results. */
export function readMessageText(message: Message): string {
  return message.content.map((block) => {
    if (block.type === 'text') return block.text;
    if (block.type === 'tool_use') return JSON.stringify(block.input) ?? '';
    return block.text.slice(0, TOOL_RESULT_SCANNED_CHARS);
  }).join('\n');
}

function entryId(kind: FactKind, key: string): string {
  return `${kind}\u0000${key}`;
}

/**
 * Priority, highest first: log2(1 + mentions) + NEW_FACT_BONUS (when mentioned after `newSince`) + the kind's weight;
 * ties by recency, then kind, then text. The log keeps a fact repeated all along from crowding out what was just said.
 */
export function compareFactPriority(newSince: number): (a: FactEntry, b: FactEntry) => number {
  const score = (entry: FactEntry) =>
    Math.log2(1 + entry.mentions) + (entry.lastSeq > newSince ? NEW_FACT_BONUS : 0) +
    (KIND_WEIGHT.get(entry.kind) ?? 0);
  return (a, b) =>
    score(b) - score(a) || b.lastSeq - a.lastSeq || FACT_KINDS.indexOf(a.kind) - FACT_KINDS.indexOf(b.kind) ||
    (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}

/**
 * Merges `previous` with the facts of `evicted` (oldest first): a fact mentioned again gains a mention per message and
 * takes the message's seq. Returns every entry, highest priority first (see compareFactPriority, with the new chunk
 * being everything after `previousCoversUpToSeq`). Pure; the inputs are not changed.
 */
export function updateFactList(input: {
  readonly previous: readonly FactEntry[];
  readonly previousCoversUpToSeq: number;
  readonly evicted: readonly { readonly seq: number; readonly message: Message }[];
}): FactEntry[] {
  const entries = new Map<string, FactEntry>();
  for (const entry of input.previous) entries.set(entryId(entry.kind, entry.key), entry);
  for (const { seq, message } of input.evicted) {
    for (const fact of extractFacts(readMessageText(message), message.role)) {
      const id = entryId(fact.kind, fact.key);
      const known = entries.get(id);
      entries.set(
        id,
        known === undefined
          ? { ...fact, mentions: 1, lastSeq: seq }
          : { ...known, mentions: known.mentions + 1, lastSeq: Math.max(known.lastSeq, seq) },
      );
    }
  }
  return [...entries.values()].sort(compareFactPriority(input.previousCoversUpToSeq));
}
