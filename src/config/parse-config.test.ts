import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isAppError } from '../errors.ts';
import { loadConfig, parseConfig } from './parse-config.ts';
import type { Config, Runtime } from './parse-config.ts';
import { DEFAULT_CHEAP_MODEL_ID, DEFAULT_MODEL_ID } from './models.ts';

type Env = Record<string, string | undefined>;
const SECRET = 'a-development-secret-of-40-characters-xx';
const EDGE_OK: Env = {
  DATABASE_URL: 'libsql://db.example.turso.io',
  AUTH_JWT_SECRET: SECRET,
  AWS_BEARER_TOKEN_BEDROCK: 'bedrock-key',
};

function ok(env: Env, runtime: Runtime = 'node'): Config {
  const result = parseConfig(env, { runtime });
  if (!result.ok) assert.fail(`expected ok, got: ${result.errors.join(' | ')}`);
  return result.config;
}

function errors(env: Env, runtime: Runtime = 'node'): readonly string[] {
  const result = parseConfig(env, { runtime });
  if (result.ok) assert.fail('expected errors, got a config');
  return result.errors;
}

describe('parseConfig', () => {
  it('returns the documented defaults for an empty environment on node', () => {
    assert.deepEqual(ok({}), {
      runtime: 'node',
      port: 3000,
      mode: 'simulator',
      bedrock: {
        region: 'us-east-1',
        credentialSource: 'none',
        modelId: DEFAULT_MODEL_ID,
        cheapModelId: DEFAULT_CHEAP_MODEL_ID,
      },
      database: { url: 'file:tokenwise.db' },
      auth: { kind: 'development' },
      logLevel: 'info',
      toolsManifests: [],
      limits: {
        maxInputTokens: 24000,
        summaryMaxTokens: 400,
        windowMinMessages: 10,
        windowMaxMessages: 15,
        maxToolSteps: 50,
        turnDeadlineMs: 180_000,
        streamIdleMs: 30_000,
        maxBodyBytes: 65536,
        assetPinMaxTokens: 4000,
        cacheUnreadWriteLimit: 3,
        cacheProbeEveryCalls: 20,
        domainToolPolicy: 'auto',
      },
      cacheTtlStatic: '5m',
      cacheTtl: 'adaptive',
      budgets: { limits: {}, maxConcurrentTurns: 4 },
      retention: {
        policy: { idempotencyTtlMs: 86_400_000, toolResultRetentionMs: 2_592_000_000, usageRetentionMs: 7_776_000_000 },
        cleanupIntervalMs: 3_600_000,
      },
    });
  });

  it('defaults the runtime to node when no options are given', () => {
    const result = parseConfig({});
    assert.equal(result.ok && result.config.runtime, 'node');
  });

  it('freezes the config deeply', () => {
    const config = ok({
      TOOLS_MANIFEST: 'a.json',
      AWS_ACCESS_KEY_ID: 'AKIA',
      AWS_SECRET_ACCESS_KEY: 's',
      AUTH_JWT_SECRET: SECRET,
    });
    for (
      const part of [
        config,
        config.bedrock,
        config.bedrock.credentials,
        config.database,
        config.auth,
        config.limits,
        config.toolsManifests,
      ]
    ) {
      assert.ok(Object.isFrozen(part));
    }
  });

  it('reads every variable when all are valid', () => {
    const config = ok({
      PORT: ' 8080 ',
      AWS_REGION: 'eu-west-3',
      AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      AWS_SECRET_ACCESS_KEY: 'secret',
      AWS_SESSION_TOKEN: 'session',
      BEDROCK_ENDPOINT: 'https://bedrock.internal:8443',
      BEDROCK_MODEL_ID: 'global.anthropic.claude-sonnet-4-5-20250929-v1:0',
      BEDROCK_CHEAP_MODEL_ID: 'anthropic.claude-3-5-haiku-20241022-v1:0',
      DATABASE_URL: 'libsql://db.example.turso.io',
      DATABASE_AUTH_TOKEN: 'db-token',
      AUTH_JWKS_URL: 'https://issuer.example/.well-known/jwks.json',
      AUTH_JWT_ISSUER: 'https://issuer.example/',
      AUTH_JWT_AUDIENCE: 'tokenwise',
      AUTH_JWT_LEEWAY_SECONDS: '30',
      LOG_LEVEL: 'DEBUG',
      SYSTEM_PROMPT_FILE: 'prompts/system.md',
      ASSETS_DIR: 'assets',
      TOOLS_MANIFEST: 'a.json, b.json,,',
      MAX_INPUT_TOKENS: '30000',
      SUMMARY_MAX_TOKENS: '300',
      WINDOW_MIN_MESSAGES: '4',
      WINDOW_MAX_MESSAGES: '4',
      MAX_TOOL_STEPS: '2',
      TURN_DEADLINE_SECONDS: '90',
      BEDROCK_STREAM_IDLE_SECONDS: '15',
      MAX_BODY_BYTES: '2048',
      ASSET_PIN_MAX_TOKENS: '6000',
      CACHE_UNREAD_WRITE_LIMIT: '5',
      CACHE_PROBE_EVERY_CALLS: '50',
      CACHE_TTL_STATIC: '1H',
      CACHE_TTL: '5M',
      DOMAIN_TOOLS: 'All',
      IDEMPOTENCY_TTL_HOURS: '2',
      TOOL_RESULT_RETENTION_DAYS: '7',
      USAGE_RETENTION_DAYS: '37',
      CLEANUP_INTERVAL_MINUTES: '0',
    });
    assert.deepEqual(config, {
      runtime: 'node',
      port: 8080,
      mode: 'bedrock',
      bedrock: {
        region: 'eu-west-3',
        endpoint: 'https://bedrock.internal:8443',
        credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret', sessionToken: 'session' },
        credentialSource: 'access-keys',
        modelId: 'global.anthropic.claude-sonnet-4-5-20250929-v1:0',
        cheapModelId: 'anthropic.claude-3-5-haiku-20241022-v1:0',
      },
      database: { url: 'libsql://db.example.turso.io', authToken: 'db-token' },
      auth: {
        kind: 'jwks',
        url: 'https://issuer.example/.well-known/jwks.json',
        issuer: 'https://issuer.example/',
        audience: 'tokenwise',
        leewaySeconds: 30,
      },
      logLevel: 'debug',
      systemPromptFile: 'prompts/system.md',
      assetsDir: 'assets',
      toolsManifests: ['a.json', 'b.json'],
      limits: {
        maxInputTokens: 30000,
        summaryMaxTokens: 300,
        windowMinMessages: 4,
        windowMaxMessages: 4,
        maxToolSteps: 2,
        turnDeadlineMs: 90_000,
        streamIdleMs: 15_000,
        maxBodyBytes: 2048,
        assetPinMaxTokens: 6000,
        cacheUnreadWriteLimit: 5,
        cacheProbeEveryCalls: 50,
        domainToolPolicy: 'all',
      },
      cacheTtlStatic: '1h',
      cacheTtl: '5m',
      budgets: { limits: {}, maxConcurrentTurns: 4 },
      retention: {
        policy: { idempotencyTtlMs: 7_200_000, toolResultRetentionMs: 604_800_000, usageRetentionMs: 3_196_800_000 },
        cleanupIntervalMs: 0,
      },
    });
  });

  it('treats blank values as unset', () => {
    assert.deepEqual(ok({ PORT: '', AWS_ACCESS_KEY_ID: '  ', LOG_LEVEL: '\t', DATABASE_URL: '' }), ok({}));
  });

  const badValues: readonly (readonly [string, string, string])[] = [
    ['PORT', 'abc', 'PORT must be an integer from 1 to 65535, got "abc"; unset it to use 3000'],
    ['PORT', '0', 'PORT must be an integer from 1 to 65535, got "0"; unset it to use 3000'],
    ['PORT', '65536', 'PORT must be an integer from 1 to 65535, got "65536"; unset it to use 3000'],
    ['PORT', '80.5', 'PORT must be an integer from 1 to 65535, got "80.5"; unset it to use 3000'],
    ['PORT', '-1', 'PORT must be an integer from 1 to 65535, got "-1"; unset it to use 3000'],
    [
      'CACHE_UNREAD_WRITE_LIMIT',
      '0',
      'CACHE_UNREAD_WRITE_LIMIT must be an integer from 1 to 100, got "0"; unset it to use 3',
    ],
    [
      'AWS_REGION',
      'US East',
      'AWS_REGION must be an AWS region such as "us-east-1", got "US East"; unset it to use us-east-1',
    ],
    [
      'AWS_DEFAULT_REGION',
      'mars',
      'AWS_DEFAULT_REGION must be an AWS region such as "us-east-1", got "mars"; unset it to use us-east-1',
    ],
    [
      'BEDROCK_ENDPOINT',
      'localhost:4010',
      'BEDROCK_ENDPOINT must be an absolute http(s) URL such as "http://127.0.0.1:4010", got "localhost:4010"',
    ],
    [
      'BEDROCK_ENDPOINT',
      'ftp://host',
      'BEDROCK_ENDPOINT must be an absolute http(s) URL such as "http://127.0.0.1:4010", got "ftp://host"',
    ],
    [
      'BEDROCK_MODEL_ID',
      'claude sonnet',
      `BEDROCK_MODEL_ID must be a Bedrock model id, inference profile or ARN (letters, digits and . _ : / -), got "claude sonnet"; unset it to use ${DEFAULT_MODEL_ID}`,
    ],
    [
      'BEDROCK_CHEAP_MODEL_ID',
      '-haiku',
      `BEDROCK_CHEAP_MODEL_ID must be a Bedrock model id, inference profile or ARN (letters, digits and . _ : / -), got "-haiku"; unset it to use ${DEFAULT_CHEAP_MODEL_ID}`,
    ],
    [
      'DATABASE_URL',
      'postgres://db/x',
      'DATABASE_URL must be a file: URL such as "file:tokenwise.db" or the libsql://, https:// or http:// URL of a libSQL server, got "postgres://db/x"',
    ],
    [
      'DATABASE_URL',
      'tokenwise.db',
      'DATABASE_URL must be a file: URL such as "file:tokenwise.db" or the libsql://, https:// or http:// URL of a libSQL server, got "tokenwise.db"',
    ],
    [
      'AUTH_JWT_SECRET',
      'short',
      'AUTH_JWT_SECRET must be at least 32 characters, got 5; generate one with: openssl rand -base64 48',
    ],
    [
      'AUTH_JWKS_URL',
      'http://issuer.example/jwks',
      'AUTH_JWKS_URL must be the https:// URL of a JSON Web Key Set (http:// only on localhost), got "http://issuer.example/jwks"',
    ],
    ['LOG_LEVEL', 'verbose', 'LOG_LEVEL must be one of debug, info, warn, error, got "verbose"; unset it to use info'],
    [
      'MAX_INPUT_TOKENS',
      '999',
      'MAX_INPUT_TOKENS must be an integer from 1000 to 1000000, got "999"; unset it to use 24000',
    ],
    [
      'SUMMARY_MAX_TOKENS',
      '600',
      'SUMMARY_MAX_TOKENS must be an integer from 300 to 500, got "600"; unset it to use 400',
    ],
    ['WINDOW_MIN_MESSAGES', '1', 'WINDOW_MIN_MESSAGES must be an integer from 2 to 200, got "1"; unset it to use 10'],
    [
      'WINDOW_MAX_MESSAGES',
      'many',
      'WINDOW_MAX_MESSAGES must be an integer from 2 to 500, got "many"; unset it to use 15',
    ],
    ['MAX_TOOL_STEPS', '0', 'MAX_TOOL_STEPS must be an integer from 1 to 200, got "0"; unset it to use 50'],
    [
      'TURN_DEADLINE_SECONDS',
      '4',
      'TURN_DEADLINE_SECONDS must be an integer from 5 to 3600, got "4"; unset it to use 180',
    ],
    [
      'BEDROCK_STREAM_IDLE_SECONDS',
      'soon',
      'BEDROCK_STREAM_IDLE_SECONDS must be an integer from 1 to 600, got "soon"; unset it to use 30',
    ],
    [
      'MAX_BODY_BYTES',
      '64k',
      'MAX_BODY_BYTES must be an integer from 1024 to 10485760, got "64k"; unset it to use 65536',
    ],
    ['CACHE_TTL_STATIC', '10m', 'CACHE_TTL_STATIC must be 5m or 1h, got "10m"; unset it to use 5m'],
    ['CACHE_TTL', 'auto', 'CACHE_TTL must be adaptive, 5m or 1h, got "auto"; unset it to use adaptive'],
    ['DOMAIN_TOOLS', 'every', 'DOMAIN_TOOLS must be auto, select or all, got "every"; unset it to use auto'],
    [
      'IDEMPOTENCY_TTL_HOURS',
      '0',
      'IDEMPOTENCY_TTL_HOURS must be an integer from 1 to 8760, got "0"; unset it to use 24',
    ],
    [
      'USAGE_RETENTION_DAYS',
      '30',
      'USAGE_RETENTION_DAYS must be an integer from 31 to 36500, got "30"; unset it to use 90',
    ],
  ];
  for (const [name, value, message] of badValues) {
    it(`rejects ${name}=${JSON.stringify(value)} saying how to fix it`, () => {
      assert.deepEqual(errors({ [name]: value }), [message]);
    });
  }

  const crossRules: readonly (readonly [string, Env, Runtime, readonly string[]])[] = [
    ['an access key without its secret', { AWS_ACCESS_KEY_ID: 'AKIA' }, 'node', [
      'AWS_ACCESS_KEY_ID is set but AWS_SECRET_ACCESS_KEY is not: set both (plus AWS_SESSION_TOKEN for temporary keys) or neither',
    ]],
    ['a secret without its access key', { AWS_SECRET_ACCESS_KEY: 's' }, 'node', [
      'AWS_SECRET_ACCESS_KEY is set but AWS_ACCESS_KEY_ID is not: set both (plus AWS_SESSION_TOKEN for temporary keys) or neither',
    ]],
    ['a session token alone', { AWS_SESSION_TOKEN: 't' }, 'node', [
      'AWS_SESSION_TOKEN is set without AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY: set all three, or unset it',
    ]],
    ['real Bedrock without auth', { AWS_PROFILE: 'dev' }, 'node', [
      'An auth config is required when calling real Bedrock (credentials or BEDROCK_ENDPOINT are set): set AUTH_JWT_SECRET (at least 32 characters) or AUTH_JWKS_URL; a development secret is generated only in simulator mode',
    ]],
    ['both auth configs', { AUTH_JWT_SECRET: SECRET, AUTH_JWKS_URL: 'https://x.example/jwks' }, 'node', [
      'AUTH_JWT_SECRET and AUTH_JWKS_URL are both set: keep the one your token issuer uses',
    ]],
    ['a JWKS URL without issuer and audience', { AUTH_JWKS_URL: 'https://x.example/jwks' }, 'node', [
      'AUTH_JWKS_URL needs AUTH_JWT_ISSUER and AUTH_JWT_AUDIENCE: set both (the "iss" your identity provider writes and the "aud" of this API), or any token the provider signed for another application would be accepted',
    ]],
    ['a JWKS URL with an issuer only', { AUTH_JWKS_URL: 'https://x.example/jwks', AUTH_JWT_ISSUER: 'i' }, 'deno', [
      'AUTH_JWKS_URL needs AUTH_JWT_ISSUER and AUTH_JWT_AUDIENCE: set both (the "iss" your identity provider writes and the "aud" of this API), or any token the provider signed for another application would be accepted',
    ]],
    ['a leeway over ten minutes', { AUTH_JWT_SECRET: SECRET, AUTH_JWT_LEEWAY_SECONDS: '601' }, 'node', [
      'AUTH_JWT_LEEWAY_SECONDS must be an integer from 0 to 600, got "601"; unset it to use 60',
    ]],
    ['an issuer without an auth config', { AUTH_JWT_ISSUER: 'me' }, 'node', [
      'AUTH_JWT_ISSUER is set but neither AUTH_JWT_SECRET nor AUTH_JWKS_URL is: set one of them, or unset AUTH_JWT_ISSUER',
    ]],
    ['an audience without an auth config', { AUTH_JWT_AUDIENCE: 'app' }, 'deno', [
      'AUTH_JWT_AUDIENCE is set but neither AUTH_JWT_SECRET nor AUTH_JWKS_URL is: set one of them, or unset AUTH_JWT_AUDIENCE',
    ]],
    ['a window maximum below its minimum', { WINDOW_MIN_MESSAGES: '12', WINDOW_MAX_MESSAGES: '11' }, 'node', [
      'WINDOW_MAX_MESSAGES (11) must be at least WINDOW_MIN_MESSAGES (12): raise the maximum or lower the minimum',
    ]],
    ['the default maximum below a raised minimum', { WINDOW_MIN_MESSAGES: '20' }, 'node', [
      'WINDOW_MAX_MESSAGES (15) must be at least WINDOW_MIN_MESSAGES (20): raise the maximum or lower the minimum',
    ]],
    [
      'a 1-hour TTL on a model without one',
      { CACHE_TTL_STATIC: '1h', BEDROCK_MODEL_ID: 'anthropic.claude-3-5-haiku-20241022-v1:0' },
      'node',
      ['CACHE_TTL_STATIC is 1h but anthropic.claude-3-5-haiku-20241022-v1:0 does not support a 1-hour cache TTL: set CACHE_TTL_STATIC=5m or choose a newer model'],
    ],
    ['no credentials at the edge', { DATABASE_URL: 'https://db.example', AUTH_JWT_SECRET: SECRET }, 'workers', [
      'Bedrock needs credentials on workers: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or AWS_BEARER_TOKEN_BEDROCK, or BEDROCK_ENDPOINT (the simulator runs in-process only on node and deno)',
    ]],
    [
      'only a profile at the edge',
      { ...EDGE_OK, AWS_BEARER_TOKEN_BEDROCK: undefined, AWS_PROFILE: 'dev' },
      'deno-deploy',
      ['Bedrock needs credentials on deno-deploy (AWS_PROFILE does not count: there are no ~/.aws files at the edge): set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or AWS_BEARER_TOKEN_BEDROCK, or BEDROCK_ENDPOINT (the simulator runs in-process only on node and deno)'],
    ],
    ['no database at the edge', { ...EDGE_OK, DATABASE_URL: undefined }, 'workers', [
      'DATABASE_URL is required on workers: point it at a libSQL server (libsql://<name>.turso.io or https://…) and set DATABASE_AUTH_TOKEN if the server needs one',
    ]],
    ['a file database at the edge', { ...EDGE_OK, DATABASE_URL: 'file:tokenwise.db' }, 'deno-deploy', [
      'DATABASE_URL is a file: URL, but deno-deploy has no local disk to keep it on: point it at a libSQL server (libsql://<name>.turso.io or https://…) and set DATABASE_AUTH_TOKEN if the server needs one',
    ]],
    ['no auth at the edge', { ...EDGE_OK, AUTH_JWT_SECRET: undefined }, 'workers', [
      'An auth config is required on workers: set AUTH_JWT_SECRET (at least 32 characters) or AUTH_JWKS_URL',
    ]],
    [
      'file paths on workers',
      { ...EDGE_OK, SYSTEM_PROMPT_FILE: 'p.md', ASSETS_DIR: 'a', TOOLS_MANIFEST: 't.json' },
      'workers',
      [
        'SYSTEM_PROMPT_FILE names files, but workers cannot read files at run time: unset it and bundle the content instead',
        'ASSETS_DIR names files, but workers cannot read files at run time: unset it and bundle the content instead',
        'TOOLS_MANIFEST names files, but workers cannot read files at run time: unset it and bundle the content instead',
      ],
    ],
  ];
  for (const [label, env, runtime, expected] of crossRules) {
    it(`rejects ${label} on ${runtime}`, () => assert.deepEqual(errors(env, runtime), expected));
  }

  it('reports every problem at once', () => {
    assert.equal(errors({ PORT: 'x', LOG_LEVEL: 'loud', AWS_ACCESS_KEY_ID: 'AKIA' }).length, 3);
  });

  it('never echoes a secret or a URL token in a message', () => {
    const all = errors({
      AWS_SECRET_ACCESS_KEY: 'TOPSECRETKEY',
      AUTH_JWT_SECRET: 'TOPSECRETJWT',
      AWS_SESSION_TOKEN: 'TOPSECRETSESSION',
      DATABASE_URL: 'postgres://user:TOPSECRETPASS@db/x?authToken=TOPSECRETTOKEN',
      BEDROCK_ENDPOINT: 'nope?key=TOPSECRETQUERY',
    }).join('\n');
    assert.doesNotMatch(all, /TOPSECRET/);
  });

  const modes: readonly (readonly [string, Env, Runtime, Config['mode'], Config['bedrock']['credentialSource']])[] = [
    ['nothing set', {}, 'node', 'simulator', 'none'],
    ['nothing set on deno', {}, 'deno', 'simulator', 'none'],
    [
      'access keys',
      { AWS_ACCESS_KEY_ID: 'a', AWS_SECRET_ACCESS_KEY: 'b', AUTH_JWT_SECRET: SECRET },
      'node',
      'bedrock',
      'access-keys',
    ],
    [
      'a bearer token (wins over keys)',
      { AWS_ACCESS_KEY_ID: 'a', AWS_SECRET_ACCESS_KEY: 'b', AWS_BEARER_TOKEN_BEDROCK: 'k', AUTH_JWT_SECRET: SECRET },
      'node',
      'bedrock',
      'bearer-token',
    ],
    ['a profile', { AWS_PROFILE: 'dev', AUTH_JWT_SECRET: SECRET }, 'deno', 'bedrock', 'default-chain'],
    [
      'a web identity token file',
      { AWS_WEB_IDENTITY_TOKEN_FILE: '/var/run/token', AUTH_JWT_SECRET: SECRET },
      'node',
      'bedrock',
      'default-chain',
    ],
    [
      'an endpoint only',
      { BEDROCK_ENDPOINT: 'http://127.0.0.1:4010', AUTH_JWT_SECRET: SECRET },
      'node',
      'bedrock',
      'none',
    ],
    [
      'an endpoint only at the edge',
      { ...EDGE_OK, AWS_BEARER_TOKEN_BEDROCK: undefined, BEDROCK_ENDPOINT: 'http://127.0.0.1:4010' },
      'workers',
      'bedrock',
      'none',
    ],
    ['a bearer token at the edge', EDGE_OK, 'deno-deploy', 'bedrock', 'bearer-token'],
  ];
  for (const [label, env, runtime, mode, source] of modes) {
    it(`chooses ${mode} mode with ${label}`, () => {
      const config = ok(env, runtime);
      assert.deepEqual([config.mode, config.bedrock.credentialSource], [mode, source]);
    });
  }

  it('prefers AWS_REGION over AWS_DEFAULT_REGION and falls back to it', () => {
    assert.equal(ok({ AWS_REGION: 'eu-central-1', AWS_DEFAULT_REGION: 'us-west-2' }).bedrock.region, 'eu-central-1');
    assert.equal(ok({ AWS_DEFAULT_REGION: 'us-west-2' }).bedrock.region, 'us-west-2');
    assert.equal(ok({ AWS_REGION: 'us-gov-west-1' }).bedrock.region, 'us-gov-west-1');
  });

  it('accepts every database URL scheme it documents', () => {
    for (
      const url of [
        'file:tokenwise.db',
        'file:///tmp/x.db',
        'libsql://db.turso.io',
        'https://db.example',
        'http://127.0.0.1:8080',
      ]
    ) {
      assert.equal(ok({ DATABASE_URL: url }).database.url, url);
    }
  });

  it('keeps issuer and audience with a shared secret', () => {
    assert.deepEqual(ok({ AUTH_JWT_SECRET: SECRET, AUTH_JWT_ISSUER: 'iss', AUTH_JWT_AUDIENCE: 'aud' }).auth, {
      kind: 'secret',
      secret: SECRET,
      issuer: 'iss',
      audience: 'aud',
      leewaySeconds: 60,
    });
  });

  it('accepts a JWKS URL on localhost over http', () => {
    const jwks = { AUTH_JWKS_URL: 'http://localhost:9000/jwks', AUTH_JWT_ISSUER: 'i', AUTH_JWT_AUDIENCE: 'a' };
    assert.equal(ok(jwks).auth.kind, 'jwks');
  });
});

describe('loadConfig', () => {
  it('returns the config when the environment is valid', () => {
    assert.equal(loadConfig({ PORT: '4000' }, { runtime: 'deno' }).port, 4000);
  });

  it('throws config_invalid listing every message', () => {
    assert.throws(() => loadConfig({ PORT: 'x', LOG_LEVEL: 'loud' }), (error: unknown) => {
      assert.ok(isAppError(error, 'config_invalid'));
      assert.equal(
        error.message,
        'Invalid configuration:\n- PORT must be an integer from 1 to 65535, got "x"; unset it to use 3000\n- LOG_LEVEL must be one of debug, info, warn, error, got "loud"; unset it to use info',
      );
      return true;
    });
  });
});
