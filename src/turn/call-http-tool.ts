// Runs a tool declared with an HTTP handler in the manifest: input checked, caller identified, one guarded request.
import type { ToolHttp } from '../pipeline/tool-catalogue/index.ts';
import type { JsonSchema } from '../pipeline/types/index.ts';
import type { ToolOutcome } from '../tools/tool-handler.ts';
import { buildToolRequest } from './http-tool/build-tool-request.ts';
import { checkDestination, type HostResolver } from './http-tool/check-destination.ts';
import { CALLER_TOKEN_HEADER, type CallerIdentity, mintCallerToken } from './http-tool/mint-caller-token.ts';
import { readCappedText } from './http-tool/read-capped-text.ts';
import { validateToolInput } from './http-tool/validate-tool-input.ts';

/** Longest tool answer kept from an HTTP handler; the window truncates further with a visible marker. */
const MAX_RESPONSE_CHARS = 64_000;
/** An error answer is shown to the model only this far: enough for the reason, not a whole error page. */
const MAX_ERROR_CHARS = 1_000;
/** Redirects followed (to hosts the manifest allows) before the call counts as failed. */
const MAX_REDIRECTS = 3;
const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

export type CallHttpToolOptions = {
  readonly http: ToolHttp;
  readonly toolName: string;
  readonly inputSchema: JsonSchema;
  readonly input: Readonly<Record<string, unknown>>;
  /** Who the call is for; signed into the caller token when `callerKey` is set. */
  readonly caller: CallerIdentity;
  /** HMAC key of TOOL_CALLER_SECRET (imported once, at start); without it no caller token is sent. */
  readonly callerKey?: Promise<CryptoKey> | undefined;
  /** Resolves host names for the private-address check (absent at the edge: literal checks only). */
  readonly resolveHost?: HostResolver | undefined;
  readonly fetch: typeof fetch;
  readonly timeoutMs: number;
  /** Milliseconds since the epoch, for the caller token. */
  readonly now: () => number;
  /** Sent as `Idempotency-Key`: one per tool call, the same when a retried turn makes that call again. */
  readonly idempotencyKey?: string | undefined;
};

/** Never throws: a refused input, destination or answer becomes an error outcome the model can read. */
export async function callHttpTool(options: CallHttpToolOptions): Promise<ToolOutcome> {
  const { http, toolName } = options;
  const fail = (reason: string): ToolOutcome => ({ status: 'error', text: `Tool ${toolName} failed: ${reason}` });
  const checked = validateToolInput(options.inputSchema, options.input);
  if (!checked.ok) {
    return {
      status: 'error',
      text: `Tool ${toolName} was not called: its input does not match the tool's inputSchema (${
        checked.problems.join('; ')
      }). Call it again with input that does.`,
    };
  }
  const built = buildToolRequest(http, options.input);
  if (!built.ok) return { status: 'error', text: `Tool ${toolName} was not called: ${built.problem}.` };
  let { url, method, body } = built.request;
  const signal = AbortSignal.timeout(options.timeoutMs);
  try {
    for (let hop = 0;; hop += 1) {
      const destination = await checkDestination(url, {
        allowPrivateNetwork: http.allowPrivateNetwork === true,
        resolveHost: options.resolveHost,
      });
      if (!destination.ok) return fail(`${hop === 0 ? 'its URL' : 'a redirect'} is refused: ${destination.reason}.`);
      const response = await options.fetch(url, {
        method,
        headers: await buildHeaders(options, url, body !== undefined),
        redirect: 'manual',
        signal,
        ...(body === undefined ? {} : { body }),
      });
      if (REDIRECT_STATUSES.has(response.status)) {
        await response.body?.cancel();
        const next = followRedirect(http, url, response);
        if (!next.ok) return fail(next.reason);
        if (hop + 1 > MAX_REDIRECTS) return fail(`more than ${MAX_REDIRECTS} redirects.`);
        url = next.url;
        if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
          method = 'GET';
          body = undefined;
        }
        continue;
      }
      return await readAnswer(response, toolName);
    }
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return fail(timedOut ? `no answer within ${options.timeoutMs} ms.` : 'the request failed.');
  }
}

/** The headers of one request: content negotiation, the conversation, and the caller token for this URL's origin. */
async function buildHeaders(options: CallHttpToolOptions, url: URL, hasBody: boolean): Promise<Headers> {
  const headers = new Headers({
    accept: 'application/json, text/plain',
    'x-tokenwise-conversation': options.caller.conversationId,
  });
  if (hasBody) headers.set('content-type', 'application/json');
  if (options.idempotencyKey !== undefined) headers.set('idempotency-key', options.idempotencyKey);
  if (options.callerKey !== undefined) {
    headers.set(
      CALLER_TOKEN_HEADER,
      await mintCallerToken(await options.callerKey, {
        ...options.caller,
        toolName: options.toolName,
        audience: url.origin,
        nowMs: options.now(),
      }),
    );
  }
  return headers;
}

function followRedirect(
  http: ToolHttp,
  from: URL,
  response: Response,
): { readonly ok: true; readonly url: URL } | { readonly ok: false; readonly reason: string } {
  const location = response.headers.get('location');
  let target: URL;
  try {
    target = new URL(location ?? '', from);
  } catch {
    return { ok: false, reason: `HTTP ${response.status} with an unreadable redirect.` };
  }
  if (location === null) return { ok: false, reason: `HTTP ${response.status} without a Location.` };
  const allowed = (http.redirectHosts ?? []).map((host) => host.toLowerCase());
  if (!allowed.includes(target.hostname.toLowerCase())) {
    return { ok: false, reason: `HTTP ${response.status}: a redirect to a host the manifest does not allow.` };
  }
  return { ok: true, url: target };
}

async function readAnswer(response: Response, toolName: string): Promise<ToolOutcome> {
  if (!response.ok) {
    const { text } = await readCappedText(response, MAX_ERROR_CHARS);
    return {
      status: 'error',
      text: `Tool ${toolName} failed: HTTP ${response.status}${text.trim() === '' ? '' : `: ${text}`}`,
    };
  }
  const { text } = await readCappedText(response, MAX_RESPONSE_CHARS);
  return { status: 'success', text: text.trim() === '' ? '(empty result)' : text };
}
