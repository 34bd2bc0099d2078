// The model's answer: a scripted item when one is queued, else a deterministic reply derived from the request.
import { createRandom } from './canonical-json.ts';
import { countBlockTokens, countTextTokens } from './count-tokens.ts';
import { sampleFromSchema } from './sample-from-schema.ts';
import type { ScriptItem } from './script.ts';
import { summariseExtractively } from './summarise-extractively.ts';
import { listToolSpecs } from './tool-rules.ts';
import { type ConverseInput, isObject, type Reply, type WireBlock } from './types.ts';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const WORDS = [
  'the',
  'simulated',
  'model',
  'answers',
  'with',
  'care',
  'about',
  'your',
  'question',
  'and',
  'keeps',
  'this',
  'reply',
  'short',
  'clear',
  'useful',
  'today',
  'here',
  'is',
  'a',
  'plain',
  'note',
];

/** `tooluse_` + 22 base62 characters, as Bedrock's ids look; deterministic for a given `random`. */
export function createToolUseId(random: () => number): string {
  let id = 'tooluse_';
  for (let index = 0; index < 22; index++) id += BASE62[Math.floor(random() * 62)];
  return id;
}

/** Words of a deterministic reply: "Simulated reply <tag>." then 1-3 sentences from WORDS. */
function composeText(random: () => number): string {
  const tag = Math.floor(random() * 0xffffff).toString(16).padStart(6, '0');
  const sentences = [`Simulated reply ${tag}.`];
  const count = 1 + Math.floor(random() * 3);
  for (let sentence = 0; sentence < count; sentence++) {
    const words = Array.from(
      { length: 6 + Math.floor(random() * 8) },
      () => WORDS[Math.floor(random() * WORDS.length)] ?? 'note',
    );
    const text = words.join(' ');
    sentences.push(`${text.charAt(0).toUpperCase()}${text.slice(1)}.`);
  }
  return sentences.join(' ');
}

/** The longest prefix of whole words of `text` within `maxTokens`; when no word fits, the first word's first letters. */
function cutToTokens(text: string, maxTokens: number): string {
  const words = text.split(' ');
  while (words.length > 0 && countTextTokens(words.join(' ')) > maxTokens) words.pop();
  return words.length > 0 ? words.join(' ') : text.slice(0, Math.min(4 * maxTokens, 4));
}

export type GenerateReplyOptions = {
  readonly input: ConverseInput;
  readonly item: ScriptItem | undefined;
  /** Seeds the reply and the toolUse ids (the simulator passes the request hash and its sequence number). */
  readonly seed: string;
  /**
   * Seeds a forced tool's input when the request asks for temperature 0 (the simulator passes the request hash, not
   * its sequence number): the same request then gets the same answer wherever it comes in a run, as a model at
   * temperature 0 gives it, so one more or one fewer call earlier in a run moves no later draw. Default `seed`.
   */
  readonly requestSeed?: string;
  readonly maxTokens: number;
};

/**
 * Scripted: the item's text and toolUses as given (ids generated when missing). Unscripted: a forced tool
 * (`toolChoice.tool`, or the first tool for `toolChoice.any`) gets a toolUse whose input satisfies its schema; otherwise
 * text whose tokens never exceed `maxTokens` (stopReason max_tokens when it was cut): for a summary request an extractive
 * summary of what it was given, else deterministic filler.
 */
export function generateReply(options: GenerateReplyOptions): Reply {
  const random = createRandom(options.seed);
  const item = options.item;
  if (item !== undefined) {
    const content: WireBlock[] = [];
    if (item.text !== undefined) content.push({ text: item.text });
    for (const use of item.toolUses ?? []) {
      content.push({
        toolUse: { toolUseId: use.id ?? createToolUseId(random), name: use.name, input: use.input ?? {} },
      });
    }
    const stopReason = item.stopReason ?? ((item.toolUses?.length ?? 0) > 0 ? 'tool_use' : 'end_turn');
    return { content, stopReason, outputTokens: sumTokens(content) };
  }
  const forced = forcedTool(options.input);
  if (forced !== undefined) {
    const schema = isObject(forced['inputSchema']) ? forced['inputSchema']['json'] : {};
    const content: WireBlock[] = [{
      toolUse: {
        toolUseId: createToolUseId(random),
        name: String(forced['name']),
        input: sampleFromSchema(
          schema,
          options.input.temperature === 0 ? createRandom(options.requestSeed ?? options.seed) : random,
        ),
      },
    }];
    return { content, stopReason: 'tool_use', outputTokens: sumTokens(content) };
  }
  // A summary request gets an extractive summary (see summarise-extractively.ts: not a model), anything else filler.
  const full = summariseExtractively(options.input) ?? composeText(random);
  const text = cutToTokens(full, options.maxTokens);
  const content: WireBlock[] = [{ text }];
  return { content, stopReason: text === full ? 'end_turn' : 'max_tokens', outputTokens: countTextTokens(text) };
}

function forcedTool(input: ConverseInput): Record<string, unknown> | undefined {
  const specs = listToolSpecs(input);
  const choice = input.toolChoice;
  if (choice?.tool !== undefined) return specs.find(({ spec }) => spec['name'] === choice.tool?.name)?.spec;
  if (choice?.any !== undefined) return specs[0]?.spec;
  return undefined;
}

function sumTokens(content: readonly WireBlock[]): number {
  return content.reduce((total, block) => total + countBlockTokens(block), 0);
}
