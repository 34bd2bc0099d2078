// What the service learns from Bedrock's answers, kept in the store so every process and isolate shares it: the
// per-model token correction and the conversation's last prompt fingerprint and cache watch. Read when a turn starts,
// taught by each main call, written back after the turn (a failure there is logged and costs only learning).
import { lookupModelFacts } from '../config/models.ts';
import { AppError } from '../errors.ts';
import type { CacheLayer } from '../pipeline/assembly/index.ts';
import {
  type CacheWatch,
  type CacheWatchEvent,
  createCacheWatch,
  observeCacheCall,
  parseCacheWatch,
  parsePromptFingerprint,
  type PromptFingerprint,
  withheldCachePoints,
} from '../pipeline/cost/index.ts';
import {
  createTokenCorrection,
  restoreTokenCorrection,
  toModelKey,
  totalInputTokens,
} from '../pipeline/tokens/index.ts';
import { type TokenCorrection, type TokenSample, updateTokenCorrection } from '../pipeline/tokens/index.ts';
import type { StoredTokenCorrection } from '../store/learned-state-store.ts';
import type { ConversationScope } from '../store/store-records.ts';
import type { ModelCallRecord } from './account-model-call.ts';
import type { TurnDependencies } from './turn-dependencies.ts';

/** Versioned writes of a correction that keep losing to other writers give up after this many tries. */
const MAX_CORRECTION_WRITES = 3;

/** One turn's view of what was learned; the ledger updates it call by call. */
export type Learning = {
  correction: TokenCorrection;
  /** The conversation's last main call, or null before its first. */
  fingerprint: PromptFingerprint | null;
  watch: CacheWatch;
  /** Cache layers this turn's calls do not place (decided when the turn starts). */
  readonly withheld: ReadonlyMap<CacheLayer, string>;
  /** The corrections as read (null when the read failed: the cache state is then not written back either). */
  readonly stored: readonly StoredTokenCorrection[] | null;
  /** This turn's token samples, replayed onto the stored corrections when they are written. */
  readonly samples: TokenSample[];
};

/** What a failed read or write is logged as: its AppError code, else its error's name. */
export function errorName(error: unknown): string {
  return error instanceof AppError ? error.code : error instanceof Error ? error.name : typeof error;
}

/** Never throws: a failed read starts from nothing learned (logged) rather than failing the turn. */
export async function loadLearning(deps: TurnDependencies, scope: ConversationScope): Promise<Learning> {
  try {
    const [stored, cacheState] = await Promise.all([
      deps.store.loadTokenCorrections(),
      deps.store.loadCacheState(scope),
    ]);
    const watch = cacheState === null ? createCacheWatch() : parseCacheWatch(cacheState.watch);
    return {
      correction: restoreTokenCorrection(stored),
      fingerprint: cacheState === null ? null : parsePromptFingerprint(cacheState.fingerprint),
      watch,
      withheld: withheldCachePoints(watch),
      stored,
      samples: [],
    };
  } catch (error) {
    deps.logger.log('warn', 'learned_state_not_loaded', {
      conversationId: scope.conversationId,
      error: errorName(error),
    });
    const watch = createCacheWatch();
    return {
      correction: createTokenCorrection(),
      fingerprint: null,
      watch,
      withheld: new Map(),
      stored: null,
      samples: [],
    };
  }
}

function logWatchEvent(
  deps: TurnDependencies,
  ids: { conversationId: string; turnId: string },
  event: CacheWatchEvent,
) {
  const name = event.type === 'withheld'
    ? 'cache_checkpoint_withheld'
    : event.type === 'restored'
    ? 'cache_checkpoint_restored'
    : 'cache_checkpoint_probe';
  deps.logger.log(event.type === 'withheld' ? 'warn' : 'info', name, { ...ids, ...event });
}

/** Teaches the learning one accounted main call: its token sample, the cache watch, the fingerprint. */
export function learnFromMainCall(
  deps: TurnDependencies,
  learning: Learning,
  ids: { readonly conversationId: string; readonly turnId: string },
  record: ModelCallRecord & { readonly fingerprint: PromptFingerprint },
  estimatedInputTokens: number,
): void {
  const usage = record.reply.usage;
  const actual = totalInputTokens(usage);
  const observed = observeCacheCall({
    watch: learning.watch,
    previous: learning.fingerprint,
    current: record.fingerprint,
    usage,
    actualInputTokens: actual,
    minCacheTokens: lookupModelFacts(record.request.modelId).minCacheTokens,
    settings: { unreadLimit: deps.settings.cacheUnreadWriteLimit, probeEvery: deps.settings.cacheProbeEveryCalls },
  });
  for (const event of observed.events) logWatchEvent(deps, ids, event);
  learning.watch = observed.watch;
  learning.fingerprint = record.fingerprint;
  const sample = { modelId: record.request.modelId, estimated: estimatedInputTokens, actual };
  learning.samples.push(sample);
  learning.correction = updateTokenCorrection(learning.correction, sample);
}

/** The turn's samples onto the freshest stored correction of each model; a lost race re-reads and tries again. */
async function saveCorrections(deps: TurnDependencies, learning: Learning): Promise<void> {
  const keys = [...new Set(learning.samples.map((sample) => toModelKey(sample.modelId)))];
  let stored = learning.stored ?? await deps.store.loadTokenCorrections();
  for (const key of keys) {
    const samples = learning.samples.filter((sample) => toModelKey(sample.modelId) === key);
    for (let attempt = 1;; attempt += 1) {
      const row = stored.find((entry) => entry.modelKey === key);
      const next = samples.reduce(updateTokenCorrection, restoreTokenCorrection(row === undefined ? [] : [row]));
      const learned = next.models.find(([modelKey]) => modelKey === key)?.[1];
      if (learned === undefined) break; // no usable sample
      const saved = await deps.store.saveTokenCorrection({
        modelKey: key,
        ratio: learned.ratio,
        samples: learned.samples,
        expectedVersion: row?.version ?? 0,
      });
      if (saved || attempt >= MAX_CORRECTION_WRITES) {
        if (!saved) deps.logger.log('warn', 'token_correction_not_saved', { modelKey: key, attempts: attempt });
        break;
      }
      stored = await deps.store.loadTokenCorrections();
    }
  }
}

/** Writes what the turn learned. Never throws (a failure is logged: the next turn learns from an older state). */
export async function saveLearning(deps: TurnDependencies, scope: ConversationScope, learning: Learning) {
  try {
    await saveCorrections(deps, learning);
    if (learning.stored !== null && learning.fingerprint !== null && learning.samples.length > 0) {
      await deps.store.saveCacheState({ ...scope, fingerprint: learning.fingerprint, watch: learning.watch });
    }
  } catch (error) {
    deps.logger.log('warn', 'learned_state_not_saved', {
      conversationId: scope.conversationId,
      error: errorName(error),
    });
  }
}
