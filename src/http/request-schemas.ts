// valibot schemas for everything a client sends: bodies, query strings, path ids and headers.
import * as v from 'valibot';

/** A chat message longer than this (UTF-16 code units, JavaScript's string length) is refused with 413. */
export const DEFAULT_MAX_TEXT_CHARS = 32_000;
export const MAX_TITLE_CHARS = 200;
export const DEFAULT_PAGE_LIMIT = 50;
export const MAX_PAGE_LIMIT = 100;

/** A high surrogate not followed by a low one, or a low one not preceded by a high one: not storable as UTF-8. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text that can be stored and returned byte for byte: non-blank, bounded, well-formed UTF-16, no NUL. */
function createTextSchema(field: string, maxChars: number) {
  return v.pipe(
    v.string(`field "${field}" must be a string`),
    v.maxLength(
      maxChars,
      (issue) => `field "${field}" is ${issue.received.replace(/^\D*/, '')} characters long; the limit is ${maxChars}`,
    ),
    v.check((text) => text.trim() !== '', `field "${field}" must not be empty or only whitespace`),
    v.check((text) => !LONE_SURROGATE.test(text), `field "${field}" contains an unpaired UTF-16 surrogate`),
    v.check((text) => !text.includes('\u0000'), `field "${field}" contains a NUL character`),
  );
}

/** Names the offending field of an object-level issue: unknown, missing, or the body is not an object. */
function describeObjectIssue(issue: v.StrictObjectIssue): string {
  const key = issue.path?.[0]?.key;
  const name = typeof key === 'string' ? JSON.stringify(key.length > 64 ? `${key.slice(0, 64)}…` : key) : '';
  if (issue.expected === 'never') return `unknown field ${name}; remove it`;
  if (issue.received === 'undefined' && name !== '') return `field ${name} is required`;
  return 'the request body must be a JSON object';
}

/** Body of POST /v1/conversations (the whole body is optional). */
export const CreateConversationBodySchema = v.strictObject(
  { title: v.optional(createTextSchema('title', MAX_TITLE_CHARS)) },
  describeObjectIssue,
);

/** Body of POST /v1/conversations/:id/messages. */
export function createSendMessageBodySchema(maxTextChars: number) {
  return v.strictObject({ text: createTextSchema('text', maxTextChars) }, describeObjectIssue);
}

const limitMessage = (issue: v.BaseIssue<unknown>) =>
  `limit must be an integer from 1 to ${MAX_PAGE_LIMIT}, got ${JSON.stringify(String(issue.input).slice(0, 20))}`;

/** Query of GET /v1/conversations/:id/messages; `limit` defaults to DEFAULT_PAGE_LIMIT. */
export const ListMessagesQuerySchema = v.object({
  before: v.optional(
    v.pipe(v.string(), v.regex(/^[\x21-\x7E]{1,200}$/, 'before must be the nextBefore value of a previous page')),
  ),
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[0-9]{1,3}$/, limitMessage),
      v.transform(Number),
      v.minValue(1, limitMessage),
      v.maxValue(MAX_PAGE_LIMIT, limitMessage),
    ),
  ),
});

/** Conversation ids as the store makes them; anything else cannot exist and answers 404. */
export const ConversationIdSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_.:-]{1,128}$/));

/** Idempotency-Key header: visible ASCII, long enough for a UUID with a prefix. */
export const IdempotencyKeySchema = v.pipe(
  v.string(),
  v.regex(/^[\x21-\x7E]{1,200}$/, 'the Idempotency-Key header must be 1 to 200 visible ASCII characters'),
);
