// Configuration parsed once from the environment into a frozen object; every problem is reported at once, with its fix.
import { AppError } from '../errors.ts';
import { CONFIG_DEFAULTS, parseConfigVariables } from './config-variables.ts';
import type { ConfigValues } from './config-variables.ts';
import { parseBudgetConfig } from './parse-budget-config.ts';
import { DEFAULT_CHEAP_MODEL_ID, DEFAULT_MODEL_ID, lookupModelFacts } from './models.ts';
import type { AuthConfig, Config, ParseConfigOptions, ParseConfigResult, Runtime } from './config-types.ts';

export type { AuthConfig, Config, ParseConfigOptions, ParseConfigResult, Runtime } from './config-types.ts';

const EDGE_RUNTIMES: ReadonlySet<Runtime> = new Set(['deno-deploy', 'workers']);
/** Variables the AWS SDK's default chain reads on Node and Deno; none exists at the edge. */
const DEFAULT_CHAIN_VARIABLES = [
  'AWS_PROFILE',
  'AWS_WEB_IDENTITY_TOKEN_FILE',
  'AWS_CONTAINER_CREDENTIALS_FULL_URI',
  'AWS_CONTAINER_CREDENTIALS_RELATIVE_URI',
] as const;

function freeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) { for (const inner of Object.values(value)) freeze(inner); }
  return Object.freeze(value);
}

function optional<K extends string, T>(key: K, value: T | undefined): { [P in K]?: T } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: T };
}

function parseBedrock(values: ConfigValues, runtime: Runtime, errors: string[]): Config['bedrock'] {
  const {
    AWS_ACCESS_KEY_ID: keyId,
    AWS_SECRET_ACCESS_KEY: secret,
    AWS_SESSION_TOKEN: sessionToken,
    AWS_BEARER_TOKEN_BEDROCK: bearer,
  } = values;
  if ((keyId === undefined) !== (secret === undefined)) {
    const [set, missing] = keyId === undefined
      ? ['AWS_SECRET_ACCESS_KEY', 'AWS_ACCESS_KEY_ID']
      : ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'];
    errors.push(`${set} is set but ${missing} is not: set both (plus AWS_SESSION_TOKEN for temporary keys) or neither`);
  }
  if (sessionToken !== undefined && (keyId === undefined || secret === undefined)) {
    errors.push(
      'AWS_SESSION_TOKEN is set without AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY: set all three, or unset it',
    );
  }
  const credentials = keyId !== undefined && secret !== undefined
    ? { accessKeyId: keyId, secretAccessKey: secret, ...optional('sessionToken', sessionToken) }
    : undefined;
  const chain = EDGE_RUNTIMES.has(runtime) ? [] : DEFAULT_CHAIN_VARIABLES.filter((name) => values[name] !== undefined);
  const credentialSource = bearer !== undefined
    ? 'bearer-token'
    : credentials !== undefined
    ? 'access-keys'
    : chain.length > 0
    ? 'default-chain'
    : 'none';
  if (credentialSource === 'none' && values.BEDROCK_ENDPOINT === undefined && EDGE_RUNTIMES.has(runtime)) {
    const profileNote = values.AWS_PROFILE === undefined
      ? ''
      : ' (AWS_PROFILE does not count: there are no ~/.aws files at the edge)';
    errors.push(
      `Bedrock needs credentials on ${runtime}${profileNote}: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or AWS_BEARER_TOKEN_BEDROCK, or BEDROCK_ENDPOINT (the simulator runs in-process only on node and deno)`,
    );
  }
  const modelId = values.BEDROCK_MODEL_ID ?? DEFAULT_MODEL_ID;
  if (values.CACHE_TTL_STATIC === '1h' && !lookupModelFacts(modelId).supportsOneHourTtl) {
    errors.push(
      `CACHE_TTL_STATIC is 1h but ${modelId} does not support a 1-hour cache TTL: set CACHE_TTL_STATIC=5m or choose a newer model`,
    );
  }
  if (values.CACHE_TTL === '1h' && !lookupModelFacts(modelId).supportsOneHourTtl) {
    errors.push(
      `CACHE_TTL is 1h but ${modelId} does not support a 1-hour cache TTL: set CACHE_TTL=adaptive or 5m, or choose a newer model`,
    );
  }
  return {
    region: values.AWS_REGION ?? values.AWS_DEFAULT_REGION ?? CONFIG_DEFAULTS.AWS_REGION,
    ...optional('endpoint', values.BEDROCK_ENDPOINT),
    ...optional('credentials', credentials),
    ...optional('bearerToken', bearer),
    credentialSource,
    modelId,
    cheapModelId: values.BEDROCK_CHEAP_MODEL_ID ?? DEFAULT_CHEAP_MODEL_ID,
  };
}

function parseDatabase(values: ConfigValues, runtime: Runtime, errors: string[]): Config['database'] {
  const url = values.DATABASE_URL;
  const fix =
    'point it at a libSQL server (libsql://<name>.turso.io or https://…) and set DATABASE_AUTH_TOKEN if the server needs one';
  if (EDGE_RUNTIMES.has(runtime) && url === undefined) errors.push(`DATABASE_URL is required on ${runtime}: ${fix}`);
  if (EDGE_RUNTIMES.has(runtime) && url?.startsWith('file:') === true) {
    errors.push(`DATABASE_URL is a file: URL, but ${runtime} has no local disk to keep it on: ${fix}`);
  }
  return { url: url ?? CONFIG_DEFAULTS.DATABASE_URL, ...optional('authToken', values.DATABASE_AUTH_TOKEN) };
}

function parseAuth(values: ConfigValues, runtime: Runtime, mode: Config['mode'], errors: string[]): AuthConfig {
  const { AUTH_JWT_SECRET: secret, AUTH_JWKS_URL: url, AUTH_JWT_ISSUER: issuer, AUTH_JWT_AUDIENCE: audience } = values;
  const leewaySeconds = values.AUTH_JWT_LEEWAY_SECONDS ?? CONFIG_DEFAULTS.AUTH_JWT_LEEWAY_SECONDS;
  const checks = { ...optional('issuer', issuer), ...optional('audience', audience), leewaySeconds };
  if (secret !== undefined && url !== undefined) {
    errors.push('AUTH_JWT_SECRET and AUTH_JWKS_URL are both set: keep the one your token issuer uses');
  }
  if (secret !== undefined) return { kind: 'secret', secret, ...checks };
  if (url !== undefined) {
    if (issuer === undefined || audience === undefined) {
      errors.push(
        'AUTH_JWKS_URL needs AUTH_JWT_ISSUER and AUTH_JWT_AUDIENCE: set both (the "iss" your identity provider writes and the "aud" of this API), or any token the provider signed for another application would be accepted',
      );
      return { kind: 'development' };
    }
    return { kind: 'jwks', url, issuer, audience, leewaySeconds };
  }
  for (const name of ['AUTH_JWT_ISSUER', 'AUTH_JWT_AUDIENCE'] as const) {
    if (values[name] !== undefined) {
      errors.push(`${name} is set but neither AUTH_JWT_SECRET nor AUTH_JWKS_URL is: set one of them, or unset ${name}`);
    }
  }
  const fix = 'set AUTH_JWT_SECRET (at least 32 characters) or AUTH_JWKS_URL';
  if (EDGE_RUNTIMES.has(runtime)) errors.push(`An auth config is required on ${runtime}: ${fix}`);
  else if (mode === 'bedrock') {
    errors.push(
      `An auth config is required when calling real Bedrock (credentials or BEDROCK_ENDPOINT are set): ${fix}; a development secret is generated only in simulator mode`,
    );
  }
  return { kind: 'development' };
}

function parseLimits(values: ConfigValues, errors: string[]): Config['limits'] {
  const windowMinMessages = values.WINDOW_MIN_MESSAGES ?? CONFIG_DEFAULTS.WINDOW_MIN_MESSAGES;
  const windowMaxMessages = values.WINDOW_MAX_MESSAGES ?? CONFIG_DEFAULTS.WINDOW_MAX_MESSAGES;
  if (windowMaxMessages < windowMinMessages) {
    errors.push(
      `WINDOW_MAX_MESSAGES (${windowMaxMessages}) must be at least WINDOW_MIN_MESSAGES (${windowMinMessages}): raise the maximum or lower the minimum`,
    );
  }
  return {
    maxInputTokens: values.MAX_INPUT_TOKENS ?? CONFIG_DEFAULTS.MAX_INPUT_TOKENS,
    summaryMaxTokens: values.SUMMARY_MAX_TOKENS ?? CONFIG_DEFAULTS.SUMMARY_MAX_TOKENS,
    windowMinMessages,
    windowMaxMessages,
    maxToolSteps: values.MAX_TOOL_STEPS ?? CONFIG_DEFAULTS.MAX_TOOL_STEPS,
    turnDeadlineMs: 1000 * (values.TURN_DEADLINE_SECONDS ?? CONFIG_DEFAULTS.TURN_DEADLINE_SECONDS),
    streamIdleMs: 1000 * (values.BEDROCK_STREAM_IDLE_SECONDS ?? CONFIG_DEFAULTS.BEDROCK_STREAM_IDLE_SECONDS),
    maxBodyBytes: values.MAX_BODY_BYTES ?? CONFIG_DEFAULTS.MAX_BODY_BYTES,
    assetPinMaxTokens: values.ASSET_PIN_MAX_TOKENS ?? CONFIG_DEFAULTS.ASSET_PIN_MAX_TOKENS,
    cacheUnreadWriteLimit: values.CACHE_UNREAD_WRITE_LIMIT ?? CONFIG_DEFAULTS.CACHE_UNREAD_WRITE_LIMIT,
    cacheProbeEveryCalls: values.CACHE_PROBE_EVERY_CALLS ?? CONFIG_DEFAULTS.CACHE_PROBE_EVERY_CALLS,
    domainToolPolicy: values.DOMAIN_TOOLS ?? CONFIG_DEFAULTS.DOMAIN_TOOLS,
  };
}

function parseRetention(values: ConfigValues): Config['retention'] {
  const hours = (count: number) => count * 3_600_000;
  return {
    policy: {
      idempotencyTtlMs: hours(values.IDEMPOTENCY_TTL_HOURS ?? CONFIG_DEFAULTS.IDEMPOTENCY_TTL_HOURS),
      toolResultRetentionMs: hours(
        24 * (values.TOOL_RESULT_RETENTION_DAYS ?? CONFIG_DEFAULTS.TOOL_RESULT_RETENTION_DAYS),
      ),
      usageRetentionMs: hours(24 * (values.USAGE_RETENTION_DAYS ?? CONFIG_DEFAULTS.USAGE_RETENTION_DAYS)),
    },
    cleanupIntervalMs: 60_000 * (values.CLEANUP_INTERVAL_MINUTES ?? CONFIG_DEFAULTS.CLEANUP_INTERVAL_MINUTES),
  };
}

/**
 * Parses the environment for one runtime. Pure: reads only `env`. Blank values count as unset. On success the config
 * is deeply frozen; on failure `errors` holds one actionable message per problem (secrets are never echoed).
 */
export function parseConfig(
  env: Readonly<Record<string, string | undefined>>,
  options: ParseConfigOptions = { runtime: 'node' },
): ParseConfigResult {
  const { runtime } = options;
  const { values, errors } = parseConfigVariables(env);
  const bedrock = parseBedrock(values, runtime, errors);
  const mode = bedrock.credentialSource === 'none' && bedrock.endpoint === undefined && !EDGE_RUNTIMES.has(runtime)
    ? 'simulator'
    : 'bedrock';
  const database = parseDatabase(values, runtime, errors);
  const auth = parseAuth(values, runtime, mode, errors);
  const limits = parseLimits(values, errors);
  const budgets = parseBudgetConfig(env, errors);
  if (runtime === 'workers') {
    for (const name of ['SYSTEM_PROMPT_FILE', 'ASSETS_DIR', 'TOOLS_MANIFEST'] as const) {
      if (values[name] !== undefined) {
        errors.push(
          `${name} names files, but workers cannot read files at run time: unset it and bundle the content instead`,
        );
      }
    }
  }
  if (errors.length > 0) return { ok: false, errors: freeze([...errors]) };
  const config: Config = {
    runtime,
    port: values.PORT ?? CONFIG_DEFAULTS.PORT,
    mode,
    bedrock,
    database,
    auth,
    logLevel: values.LOG_LEVEL ?? CONFIG_DEFAULTS.LOG_LEVEL,
    ...optional('systemPromptFile', values.SYSTEM_PROMPT_FILE),
    ...optional('assetsDir', values.ASSETS_DIR),
    toolsManifests: values.TOOLS_MANIFEST ?? [],
    ...optional('toolCallerSecret', values.TOOL_CALLER_SECRET),
    limits,
    cacheTtlStatic: values.CACHE_TTL_STATIC ?? CONFIG_DEFAULTS.CACHE_TTL_STATIC,
    cacheTtl: values.CACHE_TTL ?? CONFIG_DEFAULTS.CACHE_TTL,
    budgets,
    retention: parseRetention(values),
  };
  return { ok: true, config: freeze(config) };
}

/** Like parseConfig, but throws AppError('config_invalid') whose message lists every problem, one per line. */
export function loadConfig(
  env: Readonly<Record<string, string | undefined>>,
  options: ParseConfigOptions = { runtime: 'node' },
): Readonly<Config> {
  const result = parseConfig(env, options);
  if (result.ok) return result.config;
  throw new AppError('config_invalid', `Invalid configuration:\n- ${result.errors.join('\n- ')}`, {
    details: { errors: result.errors },
  });
}
