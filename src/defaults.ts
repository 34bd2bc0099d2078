// The default of every limit a deployer can tune, in one place: config quotes them, the turn loop and pipeline use them.

/**
 * DOMAIN_TOOLS' values: the 3-5 domain tools a request needs, every domain tool on every request, or the one of the
 * two that the catalogue's size says (see resolveDomainToolPolicy).
 */
export const DOMAIN_TOOL_POLICIES = ['auto', 'select', 'all'] as const;
export type DomainToolPolicy = (typeof DOMAIN_TOOL_POLICIES)[number];
/** What `auto` comes to for a catalogue: the policy a turn runs. */
export type OfferedToolPolicy = Exclude<DomainToolPolicy, 'auto'>;

/** What tokenwise uses when a variable is unset. Config, turn settings and the pure steps' fallbacks all read these. */
export const DEFAULT_LIMITS = {
  /** MAX_INPUT_TOKENS: the prompt cap on input tokens, guarded before every main call. */
  maxInputTokens: 24_000,
  maxOutputTokens: 2_048,
  /** SUMMARY_MAX_TOKENS: the rolling summary's token cap (clamped to 300-500). */
  summaryMaxTokens: 400,
  /** WINDOW_MIN_MESSAGES / WINDOW_MAX_MESSAGES: the window grows to max, then shrinks back to about min. */
  windowMin: 10,
  windowMax: 15,
  /**
   * MAX_TOOL_STEPS: model calls per turn, the ceiling against a model that never stops asking for new calls (one that
   * repeats its calls is stopped sooner, see watch-repeated-calls.ts). Public τ-bench airline trajectories take up to
   * 26 steps in one turn (reading a user's reservations one by one); 50 leaves that work whole.
   */
  maxToolSteps: 50,
  /** CACHE_TTL_STATIC: the TTL of the tools and system cache points. */
  staticTtl: '5m',
  /** CACHE_TTL: the message cache points' TTL, chosen per conversation from the gaps between its user messages. */
  cacheTtlPolicy: 'adaptive',
  toolResultMaxTokens: 2_000,
  /** Domain tools offered per request. */
  minDomainTools: 3,
  maxDomainTools: 5,
  /**
   * DOMAIN_TOOLS: `select` offers the 3-5 domain tools a request needs (the selection); `all` offers every domain tool
   * on every request, for a catalogue small enough that reading it whole costs less than changing the list; `auto`
   * takes `all` for a catalogue of at most AUTO_EVERY_TOOL_MAX_TOKENS, `select` above.
   */
  domainToolPolicy: 'auto' as DomainToolPolicy,
  /** A conversation idle this long starts a new asset session (assets are shown again once). */
  sessionIdleMs: 30 * 60_000,
  /**
   * ASSET_PIN_MAX_TOKENS: pinned get_asset results are dropped once the session's conversation since the first one
   * (asset texts left out) reaches this many tokens: ADR 0028's 4k context "sweet spot", by then the rules are
   * internalised; a later get_asset call shows the text again.
   */
  assetPinMaxTokens: 4_000,
  /** The one-turn lock's lease; a crashed turn's lock expires after it. */
  turnLeaseMs: 5 * 60_000,
  toolTimeoutMs: 10_000,
  /** TURN_DEADLINE_SECONDS: a turn still running after this fails cleanly (usage recorded, lock and key freed). */
  turnDeadlineMs: 180_000,
  /** BEDROCK_STREAM_IDLE_SECONDS: a model stream that sends nothing for this long is cut (a retryable timeout). */
  streamIdleMs: 30_000,
  selectorTimeoutMs: 5_000,
  /** CACHE_UNREAD_WRITE_LIMIT: a checkpoint whose writes went unread this many times in a row is withheld. */
  cacheUnreadWriteLimit: 3,
  /** CACHE_PROBE_EVERY_CALLS: a checkpoint withheld for an unexplained miss is placed once more after this many calls. */
  cacheProbeEveryCalls: 20,
  /** MAX_CONCURRENT_TURNS_PER_USER: turns one user may run at once, across conversations. */
  maxConcurrentTurns: 4,
} as const;
