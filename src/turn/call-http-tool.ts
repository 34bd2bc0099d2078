// Runs a tool declared with an HTTP handler in the manifest: one request with a timeout; any failure is an error outcome.
import type { ToolHttp } from '../pipeline/tool-catalogue/index.ts';
import type { ToolOutcome } from '../tools/tool-handler.ts';

/** Longest tool answer kept from an HTTP handler; the window truncates further with a visible marker. */
const MAX_RESPONSE_CHARS = 64_000;

export type CallHttpToolOptions = {
  readonly http: ToolHttp;
  readonly toolName: string;
  readonly input: Readonly<Record<string, unknown>>;
  readonly fetch: typeof fetch;
  readonly timeoutMs: number;
  /** Identifies the caller to the handler, never a secret. */
  readonly headers: Readonly<Record<string, string>>;
};

/** GET and DELETE send the input as query parameters (objects JSON-encoded), the others as a JSON body. */
export async function callHttpTool(options: CallHttpToolOptions): Promise<ToolOutcome> {
  const { http, input } = options;
  const url = new URL(http.url);
  const init: RequestInit = {
    method: http.method,
    headers: { accept: 'application/json, text/plain', ...options.headers },
    signal: AbortSignal.timeout(options.timeoutMs),
  };
  if (http.method === 'GET' || http.method === 'DELETE') {
    for (const [key, value] of Object.entries(input)) {
      url.searchParams.set(key, typeof value === 'string' ? value : JSON.stringify(value));
    }
  } else {
    init.body = JSON.stringify(input);
    init.headers = { ...init.headers, 'content-type': 'application/json' };
  }
  try {
    const response = await options.fetch(url, init);
    const body = (await response.text()).slice(0, MAX_RESPONSE_CHARS);
    if (!response.ok) {
      return {
        status: 'error',
        text: `Tool ${options.toolName} failed: HTTP ${response.status}${body.trim() === '' ? '' : `: ${body}`}`,
      };
    }
    return { status: 'success', text: body.trim() === '' ? '(empty result)' : body };
  } catch (error) {
    const reason = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
      ? `no answer within ${options.timeoutMs} ms`
      : 'the request failed';
    return { status: 'error', text: `Tool ${options.toolName} failed: ${reason}.` };
  }
}
