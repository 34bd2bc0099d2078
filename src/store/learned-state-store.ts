// The learned part of the store port: per-model token corrections and per-conversation prompt-cache state, shared by
// every process and isolate on the database.

/** One model's learned correction as stored; `version` counts its writes (1 after the first). */
export type StoredTokenCorrection = {
  readonly modelKey: string;
  readonly ratio: number;
  readonly samples: number;
  readonly version: number;
};

/** The conversation's last prompt fingerprint and cache watch, as the JSON the turn wrote (the pipeline parses it). */
export type StoredCacheState = { readonly fingerprint: unknown; readonly watch: unknown };

export interface LearnedStateStore {
  /** Every model's correction, least recently updated first. */
  loadTokenCorrections(): Promise<readonly StoredTokenCorrection[]>;
  /**
   * Writes one model's correction only if its stored version is still `expectedVersion` (0: none stored yet); false
   * when another writer got there first (read again and retry). AppError 'internal' for a ratio ≤ 0 or bad counts.
   */
  saveTokenCorrection(
    input: { modelKey: string; ratio: number; samples: number; expectedVersion: number },
  ): Promise<boolean>;
  /** null when the conversation has no cache state yet; AppError 'not_found' for a foreign or missing conversation. */
  loadCacheState(input: { ownerId: string; conversationId: string }): Promise<StoredCacheState | null>;
  /** Replaces the conversation's cache state; AppError 'not_found' for a foreign or missing conversation. */
  saveCacheState(input: { ownerId: string; conversationId: string } & StoredCacheState): Promise<void>;
}
