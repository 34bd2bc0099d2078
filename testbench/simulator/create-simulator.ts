// The Bedrock simulator as one `fetch` function: Converse, ConverseStream and CountTokens in Bedrock's shapes and errors.
import { type Clock, createClock } from './clock.ts';
import { createEventStreamBody } from './event-stream.ts';
import { createFaults, type Faults } from './faults.ts';
import { lookupModelFacts, type ModelTableEntry } from './model-table.ts';
import { createPromptCache, type PromptCache } from './prompt-cache.ts';
import { createRequestLog, type LogEntry, type RequestLog } from './request-log.ts';
import { type Outcome, runOperation } from './run-operation.ts';
import { createScript, type Script } from './script.ts';
import type { BedrockError, Operation } from './types.ts';

export type SimulatorOptions = {
  readonly clock?: Clock;
  /** Searched before the default model table (first substring match wins). */
  readonly models?: readonly ModelTableEntry[];
  readonly maxCacheEntries?: number;
  /** Mixed into every generated reply and toolUse id. */
  readonly seed?: string;
};

export type Simulator = {
  fetch(request: Request): Promise<Response>;
  readonly clock: Clock;
  readonly script: Script;
  readonly faults: Faults;
  readonly cache: PromptCache;
  readonly log: RequestLog;
  /** Empties script, faults, cache and log, rewinds the clock to its start and the request counter to 0. */
  reset(): void;
};

const ROUTE = /^\/model\/([^/]+)\/(converse|converse-stream|count-tokens)$/;
const ERROR_TYPE_SUFFIX = ':http://internal.amazon.com/coral/com.amazon.bedrock/';
/** Sent when a request has no authorization header at all (signatures and keys are otherwise not checked). */
export const MISSING_AUTH_ERROR: BedrockError = {
  status: 403,
  type: 'AccessDeniedException',
  message: 'Missing Authentication Token',
};

function errorResponse(error: BedrockError, requestId: string): Response {
  return new Response(JSON.stringify({ message: error.message }), {
    status: error.status,
    headers: {
      'content-type': 'application/json',
      'x-amzn-requestid': requestId,
      'x-amzn-errortype': `${error.type}${ERROR_TYPE_SUFFIX}`,
    },
  });
}

function decodeModelId(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** A fresh simulator; every piece of state hangs off the returned object (no globals), so tests can run side by side. */
export function createSimulator(options: SimulatorOptions = {}): Simulator {
  const clock = options.clock ?? createClock();
  const start = clock.now();
  const script = createScript();
  const faults = createFaults();
  const cache = createPromptCache(options.maxCacheEntries === undefined ? {} : { maxEntries: options.maxCacheEntries });
  const log = createRequestLog();
  let sequence = 0;

  async function serve(request: Request): Promise<Response> {
    sequence += 1;
    const requestId = `00000000-0000-4000-8000-${sequence.toString(16).padStart(12, '0')}`;
    const url = new URL(request.url);
    const match = request.method === 'POST' ? ROUTE.exec(url.pathname) : null;
    const modelId = match === null ? '' : decodeModelId(match[1] ?? '');
    const operation = (match?.[2] ?? 'unknown') as Operation | 'unknown';
    const text = await request.text();
    let body: unknown = text;
    let malformed = false;
    try {
      body = text === '' ? {} : JSON.parse(text);
    } catch {
      malformed = true;
    }
    const base = {
      requestId,
      at: clock.now(),
      operation,
      modelId,
      method: request.method,
      path: url.pathname,
      request: body,
    };
    const fail = (error: BedrockError): Response => {
      log.record({ ...base, status: error.status, response: { message: error.message } });
      return errorResponse(error, requestId);
    };
    if (operation === 'unknown') {
      return fail({
        status: 404,
        type: 'UnknownOperationException',
        message: `No operation matches ${request.method} ${url.pathname}`,
      });
    }
    if (!request.headers.has('authorization')) return fail(MISSING_AUTH_ERROR);
    if (malformed) {
      return fail({ status: 400, type: 'SerializationException', message: 'The request body is not valid JSON.' });
    }
    if (faults.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, faults.latencyMs));
    const outcome: Outcome = runOperation({
      operation,
      modelId,
      body,
      facts: lookupModelFacts(modelId, options.models),
      fault: faults.take(operation, modelId),
      cache,
      script,
      now: clock.now(),
      seed: `${options.seed ?? ''}:${sequence}`,
      requestSeed: options.seed ?? '',
      latencyMs: faults.latencyMs,
    });
    if (outcome.kind === 'error') return fail(outcome.error);
    const usage = outcome.usage === undefined ? {} : { usage: outcome.usage };
    if (outcome.kind === 'json') {
      log.record({ ...base, status: 200, response: outcome.body, ...usage });
      return new Response(JSON.stringify(outcome.body), {
        status: 200,
        headers: { 'content-type': 'application/json', 'x-amzn-requestid': requestId },
      });
    }
    log.record({ ...base, status: 200, events: outcome.events, ...usage });
    return new Response(createEventStreamBody(outcome.events, { stall: outcome.stall === true }), {
      status: 200,
      headers: {
        'content-type': 'application/vnd.amazon.eventstream',
        'x-amzn-bedrock-content-type': 'application/json',
        'x-amzn-requestid': requestId,
      },
    });
  }

  return {
    fetch: serve,
    clock,
    script,
    faults,
    cache,
    log,
    reset() {
      script.clear();
      faults.clear();
      cache.clear();
      log.clear();
      clock.set(start);
      sequence = 0;
    },
  };
}

export type { LogEntry };
