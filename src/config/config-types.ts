// The shape of tokenwise's configuration: what parseConfig returns and every runtime reads.
import type { DomainToolPolicy } from '../defaults.ts';
import type { LogLevel } from '../logger.ts';
import type { BudgetConfig } from './parse-budget-config.ts';

export type Runtime = 'node' | 'deno' | 'deno-deploy' | 'workers';

/** How requests are authenticated: a shared HS256 secret, a JWKS URL, or a secret the runtime generates at start. */
export type AuthConfig =
  | {
    readonly kind: 'secret';
    readonly secret: string;
    readonly issuer?: string;
    readonly audience?: string;
    readonly leewaySeconds: number;
  }
  | {
    readonly kind: 'jwks';
    readonly url: string;
    /** Both required: a provider's keys sign tokens for every application of the provider. */
    readonly issuer: string;
    readonly audience: string;
    readonly leewaySeconds: number;
  }
  | { readonly kind: 'development' };

export type Config = {
  readonly runtime: Runtime;
  readonly port: number;
  /** `simulator`: no credentials of any kind and no BEDROCK_ENDPOINT (node and deno only). */
  readonly mode: 'simulator' | 'bedrock';
  readonly bedrock: {
    readonly region: string;
    readonly endpoint?: string;
    readonly credentials?: {
      readonly accessKeyId: string;
      readonly secretAccessKey: string;
      readonly sessionToken?: string;
    };
    readonly bearerToken?: string;
    /** Where credentials come from; `default-chain` means AWS_PROFILE or another variable the SDK's chain reads. */
    readonly credentialSource: 'access-keys' | 'bearer-token' | 'default-chain' | 'none';
    readonly modelId: string;
    readonly cheapModelId: string;
  };
  readonly database: { readonly url: string; readonly authToken?: string };
  readonly auth: AuthConfig;
  readonly logLevel: LogLevel;
  readonly systemPromptFile?: string;
  readonly assetsDir?: string;
  readonly toolsManifests: readonly string[];
  /** Signs the caller token HTTP tools receive (`x-tokenwise-caller`); required when a manifest declares HTTP tools. */
  readonly toolCallerSecret?: string;
  readonly limits: {
    readonly maxInputTokens: number;
    readonly summaryMaxTokens: number;
    readonly windowMinMessages: number;
    readonly windowMaxMessages: number;
    readonly maxToolSteps: number;
    /** A turn still running after this fails cleanly (TURN_DEADLINE_SECONDS). */
    readonly turnDeadlineMs: number;
    /** A model stream idle this long is cut (BEDROCK_STREAM_IDLE_SECONDS). */
    readonly streamIdleMs: number;
    readonly maxBodyBytes: number;
    /** Pinned get_asset results are dropped once the session's conversation reaches this many tokens. */
    readonly assetPinMaxTokens: number;
    /** A cache checkpoint whose writes went unread this many times in a row is withheld for the conversation. */
    readonly cacheUnreadWriteLimit: number;
    /** A checkpoint withheld for an unexplained miss is placed once more after this many calls. */
    readonly cacheProbeEveryCalls: number;
    /** DOMAIN_TOOLS: the 3-5 domain tools a request needs (`select`), or every domain tool on every request (`all`). */
    readonly domainToolPolicy: DomainToolPolicy;
  };
  readonly cacheTtlStatic: '5m' | '1h';
  /** The message cache points' TTL: chosen per conversation from its gaps (adaptive) or fixed. */
  readonly cacheTtl: 'adaptive' | '5m' | '1h';
  readonly budgets: BudgetConfig;
  readonly retention: RetentionConfig;
};

/** How long stored data is kept, and how often Node and Deno run the clean-up (the edge uses a cron trigger). */
export type RetentionConfig = {
  readonly policy: {
    readonly idempotencyTtlMs: number;
    readonly toolResultRetentionMs: number;
    readonly usageRetentionMs: number;
  };
  /** 0: no clean-up timer in this process (another process or a scheduler runs it). */
  readonly cleanupIntervalMs: number;
};

export type ParseConfigResult = { readonly ok: true; readonly config: Readonly<Config> } | {
  readonly ok: false;
  readonly errors: readonly string[];
};

export type ParseConfigOptions = { readonly runtime: Runtime };
