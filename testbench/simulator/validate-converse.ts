// The simulator's gate: parse a Converse body, run the rule table, and check the context window, in Bedrock's order.
import { modelValidationError } from './bedrock-errors.ts';
import { buildPrefix, type Prefix } from './build-prefix.ts';
import { createCacheRules } from './cache-rules.ts';
import { MESSAGE_RULES } from './message-rules.ts';
import type { SimulatorModelFacts } from './model-table.ts';
import { parseConverseInput } from './parse-converse-input.ts';
import { TOOL_RULES } from './tool-rules.ts';
import type { BedrockError, ConverseInput } from './types.ts';

export type ValidationResult =
  | { readonly ok: true; readonly input: ConverseInput; readonly inputTokens: number; readonly prefix: Prefix }
  | { readonly ok: false; readonly error: BedrockError };

export type ValidateOptions = {
  readonly facts: SimulatorModelFacts;
  /** CountTokens counts prompts of any size; Converse rejects input over the context window. */
  readonly checkContextWindow?: boolean;
};

/**
 * Returns the parsed input, its prefix (blocks, checkpoints) and token count, or the first error Bedrock would return (ValidationException, 400).
 * Order: structure → tool definitions → messages → cache points → context window. Never throws.
 */
export function validateConverse(body: unknown, options: ValidateOptions): ValidationResult {
  const parsed = parseConverseInput(body);
  if (!parsed.ok) return parsed;
  for (const rule of [...TOOL_RULES, ...MESSAGE_RULES, ...createCacheRules(options.facts)]) {
    const error = rule(parsed.input);
    if (error !== undefined) return { ok: false, error };
  }
  const prefix = buildPrefix(parsed.input, options.facts);
  const inputTokens = prefix.totalTokens;
  const window = options.facts.contextWindow;
  if ((options.checkContextWindow ?? true) && inputTokens > window) {
    return { ok: false, error: modelValidationError(`prompt is too long: ${inputTokens} tokens > ${window} maximum`) };
  }
  return { ok: true, input: parsed.input, inputTokens, prefix };
}
