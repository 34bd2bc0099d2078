// Validation rules over cachePoints: at most 4, TTLs never increasing along tools → system → messages, 1h only where allowed.
import { constraintErrors, constraintViolation, modelValidationError } from './bedrock-errors.ts';
import type { Rule } from './message-rules.ts';
import type { SimulatorModelFacts } from './model-table.ts';
import { type BedrockError, blockKind, type ConverseInput, isObject, type WireBlock } from './types.ts';

/** Bedrock (and Anthropic behind it) accept at most this many cache checkpoints in one request. */
export const MAX_CACHE_POINTS = 4;

type Located = { readonly location: string; readonly point: Record<string, unknown> };

/** Every cachePoint in prefix order with its location (`toolConfig.tools.2`, `system.1`, `messages.0.content.3`). */
export function listCachePoints(input: ConverseInput): Located[] {
  const found: Located[] = [];
  const scan = (blocks: readonly WireBlock[], path: string): void => {
    for (const [index, block] of blocks.entries()) {
      if (blockKind(block) === 'cachePoint') {
        found.push({ location: `${path}.${index}`, point: isObject(block['cachePoint']) ? block['cachePoint'] : {} });
      }
    }
  };
  scan(input.tools, 'toolConfig.tools');
  scan(input.system, 'system');
  for (const [index, message] of input.messages.entries()) scan(message.content, `messages.${index}.content`);
  return found;
}

const pointsWellFormed: Rule = (input) => {
  const violations: string[] = [];
  for (const { location, point } of listCachePoints(input)) {
    if (point['type'] !== 'default') {
      violations.push(
        constraintViolation(`${location}.cachePoint.type`, 'satisfy enum value set: [default]', String(point['type'])),
      );
    }
    if (point['ttl'] !== undefined && point['ttl'] !== '5m' && point['ttl'] !== '1h') {
      violations.push(
        constraintViolation(`${location}.cachePoint.ttl`, 'satisfy enum value set: [5m, 1h]', String(point['ttl'])),
      );
    }
  }
  return violations.length === 0 ? undefined : constraintErrors(violations);
};

const atMostFour: Rule = (input) => {
  const count = listCachePoints(input).length;
  return count > MAX_CACHE_POINTS
    ? modelValidationError(
      `A maximum of ${MAX_CACHE_POINTS} blocks with cache_control may be provided. Found ${count}.`,
    )
    : undefined;
};

const ttlsNotIncreasing: Rule = (input) => {
  let seenShort = false;
  for (const { location, point } of listCachePoints(input)) {
    const ttl = point['ttl'] === '1h' ? '1h' : '5m';
    if (ttl === '1h' && seenShort) {
      return modelValidationError(
        `${location}.cachePoint.ttl: a ttl='1h' cache_control block must not come after a ttl='5m' cache_control block. Note that blocks are processed in the following order: \`tools\`, \`system\`, \`messages\`.`,
      );
    }
    if (ttl === '5m') seenShort = true;
  }
  return undefined;
};

/** Rules that need the model's facts. */
export function createCacheRules(facts: SimulatorModelFacts): readonly Rule[] {
  const oneHourAllowed = (input: ConverseInput): BedrockError | undefined => {
    if (facts.supportsOneHourTtl) return undefined;
    const found = listCachePoints(input).find(({ point }) => point['ttl'] === '1h');
    return found === undefined ? undefined : modelValidationError(
      `${found.location}.cachePoint.ttl: ttl='1h' is not supported for this model. Use ttl='5m' or omit ttl.`,
    );
  };
  return [pointsWellFormed, atMostFour, oneHourAllowed, ttlsNotIncreasing];
}
