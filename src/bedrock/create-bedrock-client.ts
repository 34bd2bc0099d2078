// The one place a BedrockRuntimeClient is built: always with FetchHttpHandler, so msw, workerd and Deno all see the calls.
import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { FetchHttpHandler } from '@smithy/fetch-http-handler';
import type { Logger } from '@smithy/types';

export type BedrockConnection = {
  readonly region: string;
  /** Override URL of a Bedrock-compatible server (the simulator, a proxy). */
  readonly endpoint?: string;
  /** Static SigV4 credentials; omitted means the SDK's default provider chain (Node and Deno only). */
  readonly credentials?: {
    readonly accessKeyId: string;
    readonly secretAccessKey: string;
    readonly sessionToken?: string;
  };
  /** A Bedrock API key, sent as `Authorization: Bearer`. Wins over SigV4 when set. */
  readonly bearerToken?: string;
  /** SDK attempts for retryable errors (429, 500, 503); the turn loop adds none of its own on top. */
  readonly maxAttempts?: number;
  /** Per-request timeout in milliseconds. */
  readonly requestTimeoutMs?: number;
  /** The fetch FetchHttpHandler calls (default globalThis.fetch); Node passes a lighter one (runtime/create-node-http-fetch). */
  readonly fetch?: typeof fetch;
};

/** Dummy keys for a simulator endpoint that checks no signature; never used against AWS. */
const SIMULATOR_CREDENTIALS = { accessKeyId: 'SIMULATOR', secretAccessKey: 'SIMULATOR' } as const;

/**
 * Logs nothing, as the SDK's default logger does, but has no `info`/`error`: the SDK's logger middleware calls them as
 * `logger?.info?.(…)`, so without them it skips filtering every request and reply for sensitive fields (schemaLogFilter,
 * a walk of the whole request per call) only to throw the result away.
 */
const QUIET_LOGGER = { trace: () => {}, debug: () => {}, warn: () => {} } as unknown as Logger;

/** True for AWS's own hosts (regional, FIPS and VPC endpoints): those need real credentials from the SDK's chain. */
function isAwsHost(endpoint: string): boolean {
  try {
    return /(^|\.)amazonaws\.com(\.cn)?$/.test(new URL(endpoint).hostname);
  } catch {
    return false;
  }
}

/**
 * Builds the client. Without credentials or a token, the SDK's own chain is used, except for an endpoint outside AWS
 * (the simulator, a test proxy), which gets dummy keys.
 */
export function createBedrockClient(connection: BedrockConnection): BedrockRuntimeClient {
  const requestHandler = new FetchHttpHandler({
    requestTimeout: connection.requestTimeoutMs ?? 120_000,
    ...(connection.fetch === undefined ? {} : { customFetch: connection.fetch }),
  });
  const usesSimulator = connection.endpoint !== undefined && connection.bearerToken === undefined &&
    !isAwsHost(connection.endpoint);
  // A copy: the SDK writes a feature marker onto the credentials object, which fails on a frozen config object.
  const credentials = connection.credentials !== undefined
    ? { ...connection.credentials }
    : usesSimulator
    ? { ...SIMULATOR_CREDENTIALS }
    : undefined;
  return new BedrockRuntimeClient({
    region: connection.region,
    requestHandler,
    maxAttempts: connection.maxAttempts ?? 3,
    logger: QUIET_LOGGER,
    ...(connection.endpoint === undefined ? {} : { endpoint: connection.endpoint }),
    ...(credentials === undefined ? {} : { credentials }),
    ...(connection.bearerToken === undefined
      ? {}
      : { token: { token: connection.bearerToken }, authSchemePreference: ['httpBearerAuth'] }),
  });
}
