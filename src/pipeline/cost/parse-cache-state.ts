// Reads a stored prompt fingerprint and cache watch back: anything malformed (an older shape, a hand edit) counts as
// nothing learned yet, never as an error, so a bad row costs at most one cache diagnosis.
import { CACHE_LAYERS, type CacheLayer } from '../assembly/index.ts';
import type { CacheMissReason, CheckpointPrint, PromptFingerprint } from './diagnose-cache-miss.ts';
import { type CacheWatch, createCacheWatch, type WithheldCheckpoint } from './watch-cache-points.ts';

const LAYERS: ReadonlySet<string> = new Set<CacheLayer>(CACHE_LAYERS);
const REASONS: ReadonlySet<string> = new Set<CacheMissReason>([
  'first-call',
  'below-minimum',
  'ttl-lapsed',
  'tool-set-changed',
  'system-layer-changed',
  'summary-changed',
  'window-moved',
  'unexplained',
]);

type Fields = Readonly<Record<string, unknown>>;

const isRecord = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;
const isLayer = (value: unknown): value is CacheLayer => typeof value === 'string' && LAYERS.has(value);

function parseCheckpoint(value: unknown): CheckpointPrint | null {
  if (!isRecord(value) || !isLayer(value['layer']) || typeof value['key'] !== 'string') return null;
  if (!isCount(value['tokens']) || typeof value['placed'] !== 'boolean' || !isCount(value['ttlMs'])) return null;
  return {
    layer: value['layer'],
    key: value['key'],
    tokens: value['tokens'],
    placed: value['placed'],
    ttlMs: value['ttlMs'],
  };
}

/** The fingerprint as stored, or null when it is not one. */
export function parsePromptFingerprint(value: unknown): PromptFingerprint | null {
  if (!isRecord(value)) return null;
  const keys = ['toolsKey', 'systemKey', 'summaryKey', 'historyKey'] as const;
  const counts = ['at', 'firstCheckpointTokens', 'ttlMs', 'totalTokens'] as const;
  if (keys.some((key) => typeof value[key] !== 'string') || counts.some((key) => !isCount(value[key]))) return null;
  const layers = Array.isArray(value['layers']) ? value['layers'].map(parseCheckpoint) : null;
  if (layers === null || layers.some((layer) => layer === null)) return null;
  return {
    at: value['at'] as number,
    toolsKey: value['toolsKey'] as string,
    systemKey: value['systemKey'] as string,
    summaryKey: value['summaryKey'] as string,
    historyKey: value['historyKey'] as string,
    firstCheckpointTokens: value['firstCheckpointTokens'] as number,
    ttlMs: value['ttlMs'] as number,
    totalTokens: value['totalTokens'] as number,
    layers: layers as CheckpointPrint[],
  };
}

function parseWithheld(value: unknown): WithheldCheckpoint | null {
  if (!isRecord(value) || !isLayer(value['layer'])) return null;
  const cause = value['cause'];
  if (typeof cause !== 'string' || !REASONS.has(cause)) return null;
  const counts = ['unreadWrites', 'since', 'calls', 'ttlMs'] as const;
  if (counts.some((key) => !isCount(value[key]))) return null;
  return {
    layer: value['layer'],
    cause: cause as CacheMissReason,
    unreadWrites: value['unreadWrites'] as number,
    since: value['since'] as number,
    calls: value['calls'] as number,
    ttlMs: value['ttlMs'] as number,
  };
}

/** The watch as stored; a malformed one is an empty watch (counting starts again). */
export function parseCacheWatch(value: unknown): CacheWatch {
  if (!isRecord(value) || !Array.isArray(value['wrote']) || !isRecord(value['unread'])) return createCacheWatch();
  if (!Array.isArray(value['withheld'])) return createCacheWatch();
  const wrote = value['wrote'].filter(isLayer);
  const unread: Partial<Record<CacheLayer, number>> = {};
  for (const [layer, count] of Object.entries(value['unread'])) {
    if (isLayer(layer) && isCount(count)) unread[layer] = Math.floor(count);
  }
  const withheld = value['withheld'].map(parseWithheld).filter((entry) => entry !== null);
  return { wrote, unread, withheld };
}
