// Turns a tool call's input into the request the manifest describes, never overriding the manifest URL's own query.
import type { ToolHttp } from '../../pipeline/tool-catalogue/index.ts';

export type ToolRequest = { readonly url: URL; readonly method: string; readonly body?: string };

/**
 * GET and DELETE send the input as query parameters appended after the URL's own (objects JSON-encoded); the others
 * send it as a JSON body. A key that names one of the URL's own parameters (a tenant, an API key) is refused, so the
 * model can neither replace nor shadow it.
 */
export function buildToolRequest(
  http: ToolHttp,
  input: Readonly<Record<string, unknown>>,
): { readonly ok: true; readonly request: ToolRequest } | { readonly ok: false; readonly problem: string } {
  const url = new URL(http.url);
  if (http.method !== 'GET' && http.method !== 'DELETE') {
    return { ok: true, request: { url, method: http.method, body: JSON.stringify(input) } };
  }
  const fixed = new Set(url.searchParams.keys());
  const clashes = Object.keys(input).filter((key) => fixed.has(key));
  if (clashes.length > 0) {
    return {
      ok: false,
      problem: `the parameter${clashes.length > 1 ? 's' : ''} ${
        clashes.map((key) => JSON.stringify(key)).join(', ')
      } cannot be set: the deployment fixes ${clashes.length > 1 ? 'them' : 'it'}`,
    };
  }
  for (const [key, value] of Object.entries(input)) {
    url.searchParams.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  return { ok: true, request: { url, method: http.method } };
}
