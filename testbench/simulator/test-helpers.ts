// Shared builders for the simulator's tests: request bodies of a given size and a direct call through simulator.fetch.
// Every assert.ok here carries a message: without one, a failing assert.ok under tsx rebuilds its message by parsing
// the one-line transpiled source and can run for minutes instead of failing.
import type { Simulator } from './create-simulator.ts';

export const SONNET_45 = 'us.anthropic.claude-sonnet-4-5-20250929-v1:0';
export const HAIKU_45 = 'anthropic.claude-haiku-4-5-20251001-v1:0';
export const HAIKU_35 = 'anthropic.claude-3-5-haiku-20241022-v1:0';
export const SONNET_4 = 'anthropic.claude-sonnet-4-20250514-v1:0';

/** English-like prose of about `words` words (≈1.5 tokens a word with the simulator's estimator). */
export function prose(words: number, salt = ''): string {
  const vocabulary = [
    'history',
    'window',
    'summary',
    'tokens',
    'cache',
    'prompt',
    'budget',
    'question',
    'answer',
    'the',
    'a',
    'of',
    'and',
    'stays',
    'small',
  ];
  return Array.from({ length: words }, (_, index) => vocabulary[(index * 7 + salt.length) % vocabulary.length]).join(
    ' ',
  ) + (salt === '' ? '.' : ` ${salt}.`);
}

export function toolSpec(
  name: string,
  properties: Record<string, unknown> = { query: { type: 'string' } },
  required: string[] = ['query'],
) {
  return {
    toolSpec: {
      name,
      description: `The ${name} tool.`,
      inputSchema: { json: { type: 'object', properties, required } },
    },
  };
}

export const CACHE_5M = { cachePoint: { type: 'default' } } as const;
export const CACHE_1H = { cachePoint: { type: 'default', ttl: '1h' } } as const;

export type Call = { readonly status: number; readonly body: Record<string, unknown>; readonly headers: Headers };

/** POSTs `body` to `/model/{modelId}/{operation}` on the simulator with a dummy Bearer key and parses the JSON answer. */
export async function call(
  simulator: Simulator,
  body: unknown,
  options: { modelId?: string; operation?: string } = {},
): Promise<Call> {
  const modelId = encodeURIComponent(options.modelId ?? SONNET_45);
  const response = await simulator.fetch(
    new Request(`https://bedrock-runtime.us-east-1.amazonaws.com/model/${modelId}/${options.operation ?? 'converse'}`, {
      method: 'POST',
      headers: { authorization: 'Bearer test-key', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    headers: response.headers,
  };
}

export function userText(text: string) {
  return { role: 'user', content: [{ text }] };
}
