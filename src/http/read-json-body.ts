// Reads and validates a JSON request body: content type, UTF-8, JSON syntax, object shape, then the schema.
import type { HonoRequest } from 'hono';
import * as v from 'valibot';
import type { ErrorReply } from './respond-with-error.ts';

export type BodyResult<T> = { readonly ok: true; readonly value: T } | {
  readonly ok: false;
  readonly reply: ErrorReply;
};

export type ReadJsonBodyOptions = {
  /** When true an empty body stands for `{}`. */
  readonly optional?: boolean;
  /** Shown when a required body is missing, e.g. `{"text": "Hello"}`. */
  readonly example: string;
};

const JSON_CONTENT_TYPE = /^application\/json\s*(;\s*charset\s*=\s*"?utf-8"?\s*)?$/i;

/**
 * Never throws. Refusals: 415 for a non-JSON content type, 413 when a string is over its length limit, 400 for
 * everything else, each message naming what is wrong (the field, when there is one).
 */
export async function readJsonBody<S extends v.GenericSchema>(
  request: HonoRequest,
  schema: S,
  options: ReadJsonBodyOptions,
): Promise<BodyResult<v.InferOutput<S>>> {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await request.arrayBuffer());
  } catch {
    return badRequest('the request body could not be read');
  }
  let input: unknown = {};
  if (bytes.length === 0) {
    if (options.optional !== true) return badRequest(`a JSON body is required, e.g. ${options.example}`);
  } else {
    const contentType = request.header('content-type') ?? '';
    if (!JSON_CONTENT_TYPE.test(contentType.trim())) {
      return { ok: false, reply: { code: 'unsupported_media_type', message: 'Content-Type must be application/json' } };
    }
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      return badRequest('the request body is not valid UTF-8');
    }
    try {
      input = JSON.parse(text);
    } catch {
      return badRequest(`the request body is not valid JSON; send e.g. ${options.example}`);
    }
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      return badRequest(`the request body must be a JSON object, e.g. ${options.example}`);
    }
  }
  const parsed = v.safeParse(schema, input);
  if (parsed.success) return { ok: true, value: parsed.output };
  const issue = parsed.issues[0];
  if (issue.type === 'max_length') return { ok: false, reply: { code: 'payload_too_large', message: issue.message } };
  return badRequest(issue.message);
}

function badRequest(message: string): { readonly ok: false; readonly reply: ErrorReply } {
  return { ok: false, reply: { code: 'bad_request', message } };
}
