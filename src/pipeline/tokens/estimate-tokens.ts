// Deterministic token estimates for prompt parts. Claude's tokenizer is not available offline, so this errs high
// (≈3.1-3.2 characters a token for English prose, ≈2.2 for JSON, more for digits and non-Latin scripts) and a learned
// per-model correction (learn-token-correction.ts) brings it to the usage Bedrock reports.
import type { ContentBlock, PromptRequest, ToolDefinition } from '../types/index.ts';
import { isCachePoint } from '../types/index.ts';

/** Fixed cost of the framing around each message (role markers). */
const MESSAGE_OVERHEAD_TOKENS = 4;
/** Fixed cost of each tool definition's framing (kept at or above the simulator's, which judges our caps). */
const TOOL_OVERHEAD_TOKENS = 12;
/** Fixed cost of a tool call's framing, besides its id, name and input. */
const TOOL_USE_OVERHEAD_TOKENS = 8;
/** Fixed cost of a tool result's framing, besides its id and text. */
const TOOL_RESULT_OVERHEAD_TOKENS = 6;
/**
 * The system prompt Claude adds when a request carries tools (Anthropic lists 313-346 for Claude 4 models, 264-340 for
 * 3.5 Haiku): charged once per request with at least one tool so the estimate does not run low on small prompts.
 */
export const TOOL_USE_SYSTEM_TOKENS = 350;

// Every UTF-16 code unit has a class; consecutive characters of one group form a run. A run costs its group's base once
// plus each character's own share, so the count is one table look-up and one addition a character.
const LETTER = 0;
const ACCENTED_LETTER = 1;
const DIGIT = 2;
const SPACE = 3;
const PUNCTUATION = 4;
const LATIN_SYMBOL = 5;
const TWO_BYTE_SCRIPT = 6;
const WIDE = 7;
const THIN_SPACE = 8;
/** Which run each class joins: accented letters extend an ASCII word. */
const GROUP = new Uint8Array([0, 0, 1, 2, 3, 4, 5, 6, 7]);
/** Costs are kept in whole 1/200ths of a token, so sums are exact integers and the count is the same on every runtime. */
const UNITS_PER_TOKEN = 200;
/**
 * Per-character share of a class, in tokens. A word costs 0.6 + 0.22 a letter ("a" 0.8, "the" 1.3, "information" 3);
 * accented letters are two UTF-8 bytes and weigh double. A number costs 0.5 + 0.5 a digit. ASCII punctuation costs one
 * token a character, so JSON and code count denser than prose. A whitespace run other than a lone space costs 0.8 + 0.2
 * a character (a newline 1, an 8-space indent 2.4). Greek/Cyrillic/Hebrew/Arabic: half a token a character; CJK, Indic,
 * Thai, symbols and each half of an emoji: one each. No-break and ideographic spaces: a quarter.
 */
const SHARE = toUnits([0.22, 0.44, 0.5, 0.2, 1, 1, 0.5, 1, 0.25]);
/** Once-per-run cost of each group (see SHARE). */
const BASE = toUnits([0.6, 0.5, 0.8, 0, 0, 0, 0, 0]);
const SPACE_GROUP = 2;
const CLASS_OF = createClassTable();

function toUnits(tokens: readonly number[]): Int32Array {
  return new Int32Array(tokens.map((value) => Math.round(value * UNITS_PER_TOKEN)));
}

function createClassTable(): Uint8Array {
  const table = new Uint8Array(0x10000).fill(WIDE);
  for (let code = 0; code < 0x0800; code += 1) {
    if ((code >= 65 && code <= 90) || (code >= 97 && code <= 122)) table[code] = LETTER;
    else if (code >= 48 && code <= 57) table[code] = DIGIT;
    else if (code === 32 || code === 9 || code === 10 || code === 13) table[code] = SPACE;
    else if (code < 128) table[code] = PUNCTUATION;
    else if (code >= 0xc0 && code < 0x0250 && code !== 0xd7 && code !== 0xf7) table[code] = ACCENTED_LETTER;
    else if (code < 0x0300) table[code] = LATIN_SYMBOL;
    else table[code] = TWO_BYTE_SCRIPT;
  }
  table[0xa0] = THIN_SPACE;
  table[0x3000] = THIN_SPACE;
  return table;
}

/**
 * Tokens of a piece of text. Never negative, 0 only for the empty string, same text → same count on every runtime
 * (integer arithmetic), and a prefix never counts more than the whole text (so callers may binary-search a cut). One
 * pass, no regular expressions, no allocation: linear in the length (1 MB in a few milliseconds). Never more than 8
 * characters a token, so a prefix of 8 × (n + 1) characters always counts more than n tokens.
 */
export function estimateTextTokens(text: string): number {
  const length = text.length;
  if (length === 0) return 0;
  let units = 0;
  let group = -1;
  for (let index = 0; index < length; index += 1) {
    const code = text.charCodeAt(index);
    // A lone ' ' between two non-blank characters folds into the word after it: it costs nothing but ends the run.
    if (
      code === 32 && group !== SPACE_GROUP &&
      (index + 1 === length || GROUP[CLASS_OF[text.charCodeAt(index + 1)] as number] !== SPACE_GROUP)
    ) {
      group = -1;
      continue;
    }
    const kind = CLASS_OF[code] as number;
    const next = GROUP[kind] as number;
    if (next !== group) {
      group = next;
      units += BASE[next] as number;
    }
    units += SHARE[kind] as number;
  }
  return Math.max(1, Math.ceil(units / UNITS_PER_TOKEN));
}

/** Tokens of one content block, framing included: a tool call counts its id, name and input JSON; a result its id and text. */
export function estimateBlockTokens(block: ContentBlock): number {
  switch (block.type) {
    case 'text':
      return estimateTextTokens(block.text);
    case 'tool_use':
      return TOOL_USE_OVERHEAD_TOKENS + estimateTextTokens(block.id) + estimateTextTokens(block.name) +
        estimateTextTokens(JSON.stringify(block.input));
    case 'tool_result':
      return TOOL_RESULT_OVERHEAD_TOKENS + estimateTextTokens(block.toolUseId) + estimateTextTokens(block.text);
  }
}

/** Tokens of one message: framing plus every block; cache points cost nothing. */
export function estimateMessageTokens(
  message: { readonly content: readonly (ContentBlock | { readonly type: 'cache_point' })[] },
): number {
  let tokens = MESSAGE_OVERHEAD_TOKENS;
  for (const block of message.content) if (!isCachePoint(block)) tokens += estimateBlockTokens(block as ContentBlock);
  return tokens;
}

/** Estimates of frozen tool definitions (they cannot change, so the answer is the same on every later call). */
const frozenToolTokens = new WeakMap<ToolDefinition, number>();

/**
 * Tokens of one tool definition: name, description and the JSON of its input schema, plus framing. A definition that
 * is frozen with a frozen input schema (as registry tools are, deep-frozen) is measured once and remembered.
 */
export function estimateToolTokens(tool: ToolDefinition): number {
  const known = frozenToolTokens.get(tool);
  if (known !== undefined) return known;
  const tokens = TOOL_OVERHEAD_TOKENS + estimateTextTokens(tool.name) + estimateTextTokens(tool.description) +
    estimateTextTokens(JSON.stringify(tool.inputSchema));
  if (Object.isFrozen(tool) && Object.isFrozen(tool.inputSchema)) frozenToolTokens.set(tool, tokens);
  return tokens;
}

/**
 * Estimated input tokens of a whole request (tools, system, messages, plus TOOL_USE_SYSTEM_TOKENS when any tool is sent),
 * before any per-model correction. Equals the sum of the part estimates plus that one constant.
 */
export function estimateRequestTokens(request: PromptRequest): number {
  let tokens = 0;
  let hasTools = false;
  for (const tool of request.tools) {
    if (isCachePoint(tool)) continue;
    hasTools = true;
    tokens += estimateToolTokens(tool);
  }
  if (hasTools) tokens += TOOL_USE_SYSTEM_TOKENS;
  for (const block of request.system) if (!isCachePoint(block)) tokens += estimateTextTokens(block.text);
  for (const message of request.messages) tokens += estimateMessageTokens(message);
  return tokens;
}
