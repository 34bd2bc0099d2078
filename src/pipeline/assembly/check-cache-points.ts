// The cache-point rules of the validity check, walked along Bedrock's prefix order: tools → system → each message.
import type { PromptRequest } from '../types/index.ts';
import { isCachePoint } from '../types/index.ts';
import type { PromptProblem } from './prompt-problem.ts';

/** Bedrock accepts at most this many cache points in one request. */
export const MAX_CACHE_POINTS = 4;

/**
 * Problems with the cache points of a request: more than 4 in all; a TTL other than 5m/1h; a 1h point on a model without
 * 1h caching; a 1h point after a 5m one (TTLs must not increase along the prefix); a point with nothing before it in its
 * section, or right after another point. Problems come in prefix order. Sections that are not arrays are skipped.
 */
export function checkCachePoints(
  request: PromptRequest,
  facts: { readonly supportsOneHourTtl: boolean },
): PromptProblem[] {
  const problems: PromptProblem[] = [];
  const sections: (readonly [string, readonly unknown[]])[] = [];
  if (Array.isArray(request.tools)) sections.push(['tools', request.tools]);
  if (Array.isArray(request.system)) sections.push(['system', request.system]);
  if (Array.isArray(request.messages)) {
    for (const [index, message] of request.messages.entries()) {
      if (Array.isArray(message?.content)) sections.push([`messages.${index}.content`, message.content]);
    }
  }
  let count = 0;
  let sawFiveMinutes = false;
  for (const [section, items] of sections) {
    for (const [position, item] of items.entries()) {
      if (!isCachePoint(item)) continue;
      const path = `${section}.${position}`;
      count += 1;
      if (count === MAX_CACHE_POINTS + 1) {
        problems.push({
          rule: 'too-many-cache-points',
          path,
          message: `A maximum of ${MAX_CACHE_POINTS} cache points may be provided; ${path} is the ${count}th.`,
        });
      }
      if (position === 0) {
        problems.push({
          rule: 'cache-point-first-in-section',
          path,
          message: `${path} is a cache point with nothing before it in ${section}.`,
        });
      } else if (isCachePoint(items[position - 1])) {
        problems.push({
          rule: 'adjacent-cache-points',
          path,
          message: `${path} directly follows another cache point.`,
        });
      }
      const ttl: unknown = item.ttl;
      if (ttl !== '5m' && ttl !== '1h') {
        problems.push({
          rule: 'invalid-cache-ttl',
          path,
          message: `${path} has TTL "${String(ttl)}"; use "5m" or "1h".`,
        });
        continue;
      }
      if (ttl === '1h' && !facts.supportsOneHourTtl) {
        problems.push({
          rule: 'one-hour-ttl-unsupported',
          path,
          message: `${path} asks for a 1h TTL, which this model does not support; use "5m".`,
        });
      }
      if (ttl === '1h' && sawFiveMinutes) {
        problems.push({
          rule: 'cache-ttl-increasing',
          path,
          message: `${path} has a 1h TTL after a 5m cache point: longer TTLs must come first in the prefix.`,
        });
      }
      if (ttl === '5m') sawFiveMinutes = true;
    }
  }
  return problems;
}
