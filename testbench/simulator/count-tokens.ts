// The simulator's one token estimator: usage, CountTokens, the context check and the cache minimum all use it.
//
// Text is split into pieces and each piece is charged by kind:
//   letters [A-Za-z]+ → ceil(len / 4)   (≈3.5 characters a token on English prose, the space before a word is free)
//   digits \d+        → ceil(len / 3)   (Claude splits numbers into groups of up to 3)
//   one space         → 0;  other whitespace runs → ceil(len / 4)
//   ASCII punctuation → 1 per character (so JSON and code cost more than prose)
//   other characters  → 1 per code point below U+10000, 2 above (non-Latin scripts, emoji)
// Non-empty text costs at least 1. Parts add fixed framing (see the *_OVERHEAD constants).
import { canonicalJson } from './canonical-json.ts';
import { blockKind, isObject, type WireBlock } from './types.ts';

/** Framing of each toolSpec (the wrapper around name, description and schema). */
export const TOOL_SPEC_OVERHEAD = 12;
/** Role marker and separators of each message, charged with its first block. */
export const MESSAGE_OVERHEAD = 4;
/** Framing of a toolUse block (id, name and input wrappers). */
export const TOOL_USE_OVERHEAD = 8;
/** Framing of a toolResult block. */
export const TOOL_RESULT_OVERHEAD = 6;

const PIECE = /[A-Za-z]+|\d+|\s+|[\x21-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e]|[^\sA-Za-z\d]/gu;

/** Tokens of a string: 0 only for '', deterministic, monotone under appending a whole piece. */
export function countTextTokens(text: string): number {
  if (text.length === 0) return 0;
  let tokens = 0;
  for (const piece of text.match(PIECE) ?? []) {
    const code = piece.codePointAt(0) ?? 0;
    if ((code >= 65 && code <= 90) || (code >= 97 && code <= 122)) tokens += Math.ceil(piece.length / 4);
    else if (code >= 48 && code <= 57) tokens += Math.ceil(piece.length / 3);
    else if (code === 32 && piece.length === 1) tokens += 0;
    else if (code <= 32 || /^\s/.test(piece)) tokens += Math.ceil(piece.length / 4);
    else tokens += code > 0xffff ? 2 : 1;
  }
  return Math.max(1, tokens);
}

/** Tokens of a JSON value as its canonical text (sorted keys, no spaces). */
export function countJsonTokens(value: unknown): number {
  return countTextTokens(canonicalJson(value ?? {}));
}

/** Tokens of one toolConfig.tools `toolSpec`. */
export function countToolSpecTokens(toolSpec: unknown): number {
  const spec = isObject(toolSpec) ? toolSpec : {};
  const schema = isObject(spec['inputSchema']) ? spec['inputSchema']['json'] : undefined;
  return (
    TOOL_SPEC_OVERHEAD +
    countTextTokens(String(spec['name'] ?? '')) +
    countTextTokens(String(spec['description'] ?? '')) +
    countJsonTokens(schema)
  );
}

/** Tokens of one message or system content block (cachePoint → 0; unknown kinds → their canonical JSON). */
export function countBlockTokens(block: WireBlock): number {
  const kind = blockKind(block);
  // own-key: kind is the block's own first key (blockKind)
  const value = block[kind];
  switch (kind) {
    case 'cachePoint':
      return 0;
    case 'text':
      return countTextTokens(String(value));
    case 'toolUse': {
      const use = isObject(value) ? value : {};
      return TOOL_USE_OVERHEAD + countTextTokens(String(use['toolUseId'] ?? '')) +
        countTextTokens(String(use['name'] ?? '')) + countJsonTokens(use['input']);
    }
    case 'toolResult': {
      const result = isObject(value) ? value : {};
      const content = Array.isArray(result['content']) ? (result['content'] as WireBlock[]) : [];
      let tokens = TOOL_RESULT_OVERHEAD + countTextTokens(String(result['toolUseId'] ?? ''));
      for (const part of content) {
        tokens += isObject(part) && typeof part['text'] === 'string'
          ? countTextTokens(part['text'])
          : countJsonTokens(isObject(part) ? (part['json'] ?? part) : part);
      }
      return tokens;
    }
    default:
      return countJsonTokens(value);
  }
}
