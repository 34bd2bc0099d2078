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

/** One learned co-use count as stored (see src/pipeline/tool-selection/learn-tool-co-use.ts). */
export type StoredToolCoUse = { readonly tool: string; readonly partner: string; readonly turns: number };

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
  /**
   * Every learned count of the named tools (their own and their partners'), deployment-wide. AppError 'internal' for
   * more than TOOL_CO_USE_LOAD_MAX names or a name that is empty or too long.
   */
  loadToolCoUse(tools: readonly string[]): Promise<readonly StoredToolCoUse[]>;
  /**
   * Adds one turn to each pair (a pair of one tool with itself counts the tool's turns), in one transaction. AppError
   * 'internal' for more than TOOL_CO_USE_PAIRS_MAX pairs or a bad name.
   */
  addToolCoUse(pairs: readonly { tool: string; partner: string }[]): Promise<void>;
}

/** Names one loadToolCoUse reads at most (a change's trigger and chosen tools are fewer). */
export const TOOL_CO_USE_LOAD_MAX = 50;
/** Pairs one addToolCoUse writes at most (a turn's eight distinct tools make 64). */
export const TOOL_CO_USE_PAIRS_MAX = 100;
