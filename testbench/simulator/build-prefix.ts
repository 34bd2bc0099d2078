// The request as Bedrock's cache sees it: one list of blocks in the order tools → system → messages, each with its
// tokens and the chained hash of the whole prefix up to it, plus the cache checkpoints between blocks.
import { canonicalJson, hashText } from './canonical-json.ts';
import { countBlockTokens, countToolSpecTokens, MESSAGE_OVERHEAD } from './count-tokens.ts';
import type { SimulatorModelFacts } from './model-table.ts';
import { blockKind, type CacheTtl, type ConverseInput, isObject, type WireBlock } from './types.ts';

export type PrefixBlock = {
  readonly tokens: number;
  /** Hash of the canonical prefix from the first block through this one. */
  readonly hash: string;
  /** Where the block stands in the request, e.g. `messages.2.content.0`. */
  readonly location: string;
};

export type Checkpoint = {
  /** Number of blocks before the cachePoint (the prefix it closes is blocks[0, boundary)). */
  readonly boundary: number;
  readonly cumulativeTokens: number;
  readonly ttl: CacheTtl;
  readonly location: string;
};

export type Prefix = {
  readonly blocks: readonly PrefixBlock[];
  readonly checkpoints: readonly Checkpoint[];
  readonly totalTokens: number;
};

function cachePointTtl(block: WireBlock): CacheTtl {
  const point = block['cachePoint'];
  return isObject(point) && point['ttl'] === '1h' ? '1h' : '5m';
}

/**
 * Builds the prefix. Invariants: totalTokens = Σ block tokens; the tool-use system overhead is charged with the first
 * toolSpec; each message's MESSAGE_OVERHEAD with its first block; the toolChoice is folded into the hash of the first
 * message block (changing it invalidates message checkpoints, not tools or system); cachePoints are not blocks.
 */
export function buildPrefix(input: ConverseInput, facts: SimulatorModelFacts): Prefix {
  const blocks: PrefixBlock[] = [];
  const checkpoints: Checkpoint[] = [];
  let hash = '';
  let total = 0;
  const add = (canonical: string, tokens: number, location: string): void => {
    hash = hashText(`${hash}\u0000${canonical}`);
    total += tokens;
    blocks.push({ tokens, hash, location });
  };
  const mark = (block: WireBlock, location: string): void => {
    checkpoints.push({ boundary: blocks.length, cumulativeTokens: total, ttl: cachePointTtl(block), location });
  };
  let toolOverhead = facts.toolUseSystemTokens;
  input.tools.forEach((tool, index) => {
    const location = `toolConfig.tools.${index}`;
    if (blockKind(tool) === 'cachePoint') return mark(tool, location);
    add(`tool:${canonicalJson(tool)}`, countToolSpecTokens(tool['toolSpec']) + toolOverhead, location);
    toolOverhead = 0;
  });
  input.system.forEach((block, index) => {
    const location = `system.${index}`;
    if (blockKind(block) === 'cachePoint') return mark(block, location);
    add(`system:${canonicalJson(block)}`, countBlockTokens(block), location);
  });
  let choice = `choice:${canonicalJson(input.toolChoice ?? null)}|`;
  input.messages.forEach((message, messageIndex) => {
    let first = true;
    message.content.forEach((block, index) => {
      const location = `messages.${messageIndex}.content.${index}`;
      if (blockKind(block) === 'cachePoint') return mark(block, location);
      const opener = first ? `${choice}${message.role}:` : '';
      add(`${opener}block:${canonicalJson(block)}`, countBlockTokens(block) + (first ? MESSAGE_OVERHEAD : 0), location);
      first = false;
      choice = '';
    });
  });
  return { blocks, checkpoints, totalTokens: total };
}

/** Total input tokens of a request: the one count behind usage, CountTokens and the context-window check. */
export function countInputTokens(input: ConverseInput, facts: SimulatorModelFacts): number {
  return buildPrefix(input, facts).totalTokens;
}
