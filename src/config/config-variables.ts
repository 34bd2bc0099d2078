// Every environment variable tokenwise reads, one valibot schema each, with messages that say how to fix a bad value.
import * as v from 'valibot';
import { DEFAULT_LIMITS, DOMAIN_TOOL_POLICIES } from '../defaults.ts';
import { DEFAULT_CHEAP_MODEL_ID, DEFAULT_MODEL_ID } from './models.ts';

/** Defaults applied when a variable is unset (or blank); the messages below quote them. */
export const CONFIG_DEFAULTS = {
  PORT: 3000,
  AWS_REGION: 'us-east-1',
  DATABASE_URL: 'file:tokenwise.db',
  LOG_LEVEL: 'info',
  MAX_INPUT_TOKENS: DEFAULT_LIMITS.maxInputTokens,
  SUMMARY_MAX_TOKENS: DEFAULT_LIMITS.summaryMaxTokens,
  WINDOW_MIN_MESSAGES: DEFAULT_LIMITS.windowMin,
  WINDOW_MAX_MESSAGES: DEFAULT_LIMITS.windowMax,
  MAX_TOOL_STEPS: DEFAULT_LIMITS.maxToolSteps,
  MAX_BODY_BYTES: 65_536,
  CACHE_TTL_STATIC: DEFAULT_LIMITS.staticTtl,
  CACHE_TTL: DEFAULT_LIMITS.cacheTtlPolicy,
  DOMAIN_TOOLS: DEFAULT_LIMITS.domainToolPolicy,
  ASSET_PIN_MAX_TOKENS: DEFAULT_LIMITS.assetPinMaxTokens,
  CACHE_UNREAD_WRITE_LIMIT: DEFAULT_LIMITS.cacheUnreadWriteLimit,
  CACHE_PROBE_EVERY_CALLS: DEFAULT_LIMITS.cacheProbeEveryCalls,
  AUTH_JWT_LEEWAY_SECONDS: 60,
  IDEMPOTENCY_TTL_HOURS: 24,
  TOOL_RESULT_RETENTION_DAYS: 30,
  USAGE_RETENTION_DAYS: 90,
  CLEANUP_INTERVAL_MINUTES: 60,
  TURN_DEADLINE_SECONDS: DEFAULT_LIMITS.turnDeadlineMs / 1000,
  BEDROCK_STREAM_IDLE_SECONDS: DEFAULT_LIMITS.streamIdleMs / 1000,
} as const;

/** Quotes a value for a message; URLs lose their query string and user info, which may carry tokens. */
function quote(input: unknown): string {
  const text = String(input);
  return JSON.stringify(text.replace(/\?.*$/s, '?…').replace(/\/\/[^/@]*@/, '//…@'));
}

function parseUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function integer(name: keyof typeof CONFIG_DEFAULTS, min: number, max: number) {
  const message = (issue: v.BaseIssue<unknown>) =>
    `${name} must be an integer from ${min} to ${max}, got ${quote(issue.input)}; unset it to use ${
      CONFIG_DEFAULTS[name]
    }`;
  return v.pipe(
    v.string(),
    v.regex(/^\d{1,12}$/, message),
    v.transform(Number),
    v.minValue(min, message),
    v.maxValue(max, message),
  );
}

function region(name: string) {
  return v.pipe(
    v.string(),
    v.regex(
      /^[a-z]{2}(-[a-z]+)+-\d{1,2}$/,
      (issue) =>
        `${name} must be an AWS region such as "us-east-1", got ${quote(issue.input)}; unset it to use us-east-1`,
    ),
  );
}

function modelId(name: string, fallback: string) {
  return v.pipe(
    v.string(),
    v.regex(
      /^[A-Za-z0-9][A-Za-z0-9._:/-]{0,2047}$/,
      (issue) =>
        `${name} must be a Bedrock model id, inference profile or ARN (letters, digits and . _ : / -), got ${
          quote(issue.input)
        }; unset it to use ${fallback}`,
    ),
  );
}

function httpUrl(name: string, example: string) {
  return v.pipe(
    v.string(),
    v.check(
      (text) => ['http:', 'https:'].includes(parseUrl(text)?.protocol ?? ''),
      (issue) => `${name} must be an absolute http(s) URL such as "${example}", got ${quote(issue.input)}`,
    ),
  );
}

/** A signing secret: shorter ones are guessable offline from one captured token. The value is never echoed. */
function secret(name: string) {
  return v.pipe(
    v.string(),
    v.minLength(
      32,
      (issue) =>
        `${name} must be at least 32 characters, got ${
          String(issue.input).length
        }; generate one with: openssl rand -base64 48`,
    ),
  );
}

const text = v.string();

/** One schema per variable; an unset or blank variable is never passed to its schema. */
export const CONFIG_VARIABLES = {
  PORT: integer('PORT', 1, 65_535),
  AWS_REGION: region('AWS_REGION'),
  AWS_DEFAULT_REGION: region('AWS_DEFAULT_REGION'),
  AWS_ACCESS_KEY_ID: text,
  AWS_SECRET_ACCESS_KEY: text,
  AWS_SESSION_TOKEN: text,
  AWS_BEARER_TOKEN_BEDROCK: text,
  AWS_PROFILE: text,
  AWS_WEB_IDENTITY_TOKEN_FILE: text,
  AWS_CONTAINER_CREDENTIALS_FULL_URI: text,
  AWS_CONTAINER_CREDENTIALS_RELATIVE_URI: text,
  BEDROCK_ENDPOINT: httpUrl('BEDROCK_ENDPOINT', 'http://127.0.0.1:4010'),
  BEDROCK_MODEL_ID: modelId('BEDROCK_MODEL_ID', DEFAULT_MODEL_ID),
  BEDROCK_CHEAP_MODEL_ID: modelId('BEDROCK_CHEAP_MODEL_ID', DEFAULT_CHEAP_MODEL_ID),
  DATABASE_URL: v.pipe(
    v.string(),
    v.check(
      (value) => ['file:', 'libsql:', 'https:', 'http:'].includes(parseUrl(value)?.protocol ?? ''),
      (issue) =>
        `DATABASE_URL must be a file: URL such as "file:tokenwise.db" or the libsql://, https:// or http:// URL of a libSQL server, got ${
          quote(issue.input)
        }`,
    ),
  ),
  DATABASE_AUTH_TOKEN: text,
  AUTH_JWT_SECRET: secret('AUTH_JWT_SECRET'),
  AUTH_JWKS_URL: v.pipe(
    v.string(),
    v.check(
      (value) => {
        const url = parseUrl(value);
        return url?.protocol === 'https:' || (url?.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
      },
      (issue) =>
        `AUTH_JWKS_URL must be the https:// URL of a JSON Web Key Set (http:// only on localhost), got ${
          quote(issue.input)
        }`,
    ),
  ),
  TOOL_CALLER_SECRET: secret('TOOL_CALLER_SECRET'),
  AUTH_JWT_ISSUER: text,
  AUTH_JWT_AUDIENCE: text,
  AUTH_JWT_LEEWAY_SECONDS: integer('AUTH_JWT_LEEWAY_SECONDS', 0, 600),
  LOG_LEVEL: v.pipe(
    v.string(),
    v.toLowerCase(),
    v.picklist(
      ['debug', 'info', 'warn', 'error'],
      (issue) => `LOG_LEVEL must be one of debug, info, warn, error, got ${quote(issue.input)}; unset it to use info`,
    ),
  ),
  SYSTEM_PROMPT_FILE: text,
  ASSETS_DIR: text,
  TOOLS_MANIFEST: v.pipe(
    v.string(),
    v.transform((value) => value.split(',').map((item) => item.trim()).filter((item) => item !== '')),
  ),
  MAX_INPUT_TOKENS: integer('MAX_INPUT_TOKENS', 1_000, 1_000_000),
  SUMMARY_MAX_TOKENS: integer('SUMMARY_MAX_TOKENS', 300, 500),
  WINDOW_MIN_MESSAGES: integer('WINDOW_MIN_MESSAGES', 2, 200),
  WINDOW_MAX_MESSAGES: integer('WINDOW_MAX_MESSAGES', 2, 500),
  MAX_TOOL_STEPS: integer('MAX_TOOL_STEPS', 1, 200),
  TURN_DEADLINE_SECONDS: integer('TURN_DEADLINE_SECONDS', 5, 3_600),
  BEDROCK_STREAM_IDLE_SECONDS: integer('BEDROCK_STREAM_IDLE_SECONDS', 1, 600),
  MAX_BODY_BYTES: integer('MAX_BODY_BYTES', 1_024, 10_485_760),
  ASSET_PIN_MAX_TOKENS: integer('ASSET_PIN_MAX_TOKENS', 0, 1_000_000),
  CACHE_UNREAD_WRITE_LIMIT: integer('CACHE_UNREAD_WRITE_LIMIT', 1, 100),
  CACHE_PROBE_EVERY_CALLS: integer('CACHE_PROBE_EVERY_CALLS', 1, 10_000),
  CACHE_TTL_STATIC: v.pipe(
    v.string(),
    v.toLowerCase(),
    v.picklist(
      ['5m', '1h'],
      (issue) => `CACHE_TTL_STATIC must be 5m or 1h, got ${quote(issue.input)}; unset it to use 5m`,
    ),
  ),
  CACHE_TTL: v.pipe(
    v.string(),
    v.toLowerCase(),
    v.picklist(
      ['adaptive', '5m', '1h'],
      (issue) => `CACHE_TTL must be adaptive, 5m or 1h, got ${quote(issue.input)}; unset it to use adaptive`,
    ),
  ),
  DOMAIN_TOOLS: v.pipe(
    v.string(),
    v.toLowerCase(),
    v.picklist(
      DOMAIN_TOOL_POLICIES,
      (issue) => `DOMAIN_TOOLS must be auto, select or all, got ${quote(issue.input)}; unset it to use auto`,
    ),
  ),
  IDEMPOTENCY_TTL_HOURS: integer('IDEMPOTENCY_TTL_HOURS', 1, 8_760),
  TOOL_RESULT_RETENTION_DAYS: integer('TOOL_RESULT_RETENTION_DAYS', 1, 36_500),
  // At least 31: the budgets read the per-call usage of the last 30 days.
  USAGE_RETENTION_DAYS: integer('USAGE_RETENTION_DAYS', 31, 36_500),
  CLEANUP_INTERVAL_MINUTES: integer('CLEANUP_INTERVAL_MINUTES', 0, 1_440),
} as const;

export type ConfigVariableName = keyof typeof CONFIG_VARIABLES;

/** The variables that parsed, each as its schema's output; unset, blank and invalid ones are absent. */
export type ConfigValues = { -readonly [K in ConfigVariableName]?: v.InferOutput<(typeof CONFIG_VARIABLES)[K]> };

/**
 * Runs every variable's schema over `env` (values trimmed; blank means unset) and returns the values that parsed
 * plus one message per bad variable, in the table's order. Never throws; never echoes a secret.
 */
export function parseConfigVariables(
  env: Readonly<Record<string, string | undefined>>,
): { values: ConfigValues; errors: string[] } {
  const values: Record<string, unknown> = {};
  const errors: string[] = [];
  for (const [name, schema] of Object.entries(CONFIG_VARIABLES)) {
    // own-key: names are the variable table's own keys (Object.entries), never outside text
    const raw = env[name]?.trim();
    if (raw === undefined || raw === '') continue;
    const result = v.safeParse(schema as v.GenericSchema<string, unknown>, raw);
    // own-key: the same own names of the variable table
    if (result.success) values[name] = result.output;
    else errors.push(result.issues[0].message);
  }
  return { values: values as ConfigValues, errors };
}
