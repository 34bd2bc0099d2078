// Seeded hostile requests for the fuzz test: malformed, oversized, wrongly typed and unicode-edge, for every route, and
// messages made of words (English, Object.prototype names, identifiers, emoji, right-to-left text).
import { readEnglishWords, SPECIAL_WORDS } from './word-vocabulary.ts';

export type HostileRequest = {
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string | Uint8Array;
};

export type Random = { next(): number; pick<T>(items: readonly T[]): T; int(max: number): number };

/** mulberry32: tiny and deterministic, so a failing case replays from its seed. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
    int: (max) => Math.floor(next() * max),
  };
}

/** Storable but awkward text: emoji and ZWJ sequences, bidi overrides, combining marks, BOM, line separators. */
const STORABLE_EDGES = [
  '\uFEFF',
  '\u200B',
  '\u200D',
  '\u202E',
  '\u2028',
  '\u2029',
  '\uD83D\uDE00',
  '👨‍👩‍👧‍👦',
  'e\u0301',
  '\uFFFD',
  '\uFFFF',
  '\u00A0',
  '\u3000',
  'Ω',
  '𝕏',
  '\t',
  '\r\n',
  '\r',
  '"',
  '\\',
  '</script>',
  "'; DROP TABLE messages;--",
  '%00',
  '${x}',
  '{{x}}',
  '\u0001',
  '\u007F',
  'ﷺ',
  '\u0600',
];
/** Not storable as UTF-8 text or refused by the schema: lone surrogates and NUL. */
const REFUSED_EDGES = ['\uD800', '\uDFFF', '\u0000', '\uDBFF\u0041'];

function storableText(random: Random, max: number): string {
  const parts = Array.from(
    { length: 1 + random.int(max) },
    () => (random.next() < 0.5 ? random.pick(STORABLE_EDGES) : String.fromCodePoint(0x20 + random.int(0x2FFF))),
  );
  const text = parts.join('');
  return text.trim() === '' ? `${text}x` : text;
}

/** A sentence of real words: English ones from the word list, and the special words that broke lookups before. */
function wordsText(random: Random): string {
  const english = readEnglishWords();
  return Array.from(
    { length: 1 + random.int(12) },
    () => (random.next() < 0.5 ? random.pick(SPECIAL_WORDS) : random.pick(english)),
  ).join(' ');
}

function garbageId(random: Random): string {
  return random.pick([
    'constructor',
    '__proto__',
    'toString',
    'hasOwnProperty',
    '',
    '..',
    '%2e%2e',
    '%2F',
    'a'.repeat(129),
    'a'.repeat(5000),
    '%00',
    '%F0%9F%98%80',
    '%D8%00',
    '%ZZ',
    'null',
    'undefined',
    '0',
    '-1',
    `${'%41'.repeat(50)}`,
    '😀',
    ' ',
    '%20',
    'c?x=1',
    'c#frag',
    'C:\\\\x',
    "'or'1'='1",
  ]);
}

function jsonBody(random: Random, maxTextChars: number): { body: string } {
  switch (random.int(18)) {
    case 0:
      return { body: '{"text": "unterminated' };
    case 1:
      return { body: random.pick(['null', '[]', '123', '"text"', 'true', '{}', '', ' ', '\n']) };
    case 2:
      return { body: JSON.stringify({ text: random.pick([123, null, true, [], {}, ['a'], { text: 'a' }, 1e309]) }) };
    case 3:
      return { body: JSON.stringify({ text: random.pick(['', ' ', '\n\t', '\u3000', '\u2028 ']) }) };
    case 4:
      return { body: JSON.stringify({ text: `x${random.pick(REFUSED_EDGES)}y` }) };
    case 5:
      return { body: `{"text": "x\\ud800y"}` };
    case 6:
      return { body: JSON.stringify({ text: 'x'.repeat(maxTextChars + 1 + random.int(10)) }) };
    case 7:
      return { body: JSON.stringify({ text: 'hi', extra: storableText(random, 5) }) };
    case 8:
      return { body: JSON.stringify({ ['t'.repeat(500)]: 'hi' }) };
    case 9:
      return { body: `${'['.repeat(20_000)}${']'.repeat(20_000)}` };
    case 10:
      return { body: `{"text": "a", "text": "b"}` };
    case 11:
      return { body: JSON.stringify({ text: 'hi' }).slice(0, 1 + random.int(10)) };
    case 12:
      return { body: JSON.stringify({ __proto__: { text: 'x' }, constructor: { prototype: 1 } }) };
    case 13:
    case 14:
      return { body: JSON.stringify({ text: wordsText(random) }) };
    default:
      return { body: JSON.stringify({ text: storableText(random, random.next() < 0.05 ? 4000 : 40) }) };
  }
}

export type GenerateOptions = {
  readonly token: string;
  readonly otherToken: string;
  readonly mine: string;
  readonly theirs: string;
  readonly maxBodyBytes: number;
  readonly maxTextChars: number;
};

/** One hostile request; sends to `mine` may be well formed (the test stores what a 200 accepted). */
export function generateHostileRequest(random: Random, options: GenerateOptions): HostileRequest {
  const auth = random.next() < 0.9
    ? { authorization: `Bearer ${random.next() < 0.95 ? options.token : options.otherToken}` }
    : random.pick([{}, { authorization: 'Bearer' }, { authorization: `Bearer ${'a'.repeat(9000)}` }, {
      authorization: 'Bearer a.b.c',
    }]);
  const id = random.next() < 0.7 ? options.mine : random.next() < 0.5 ? options.theirs : garbageId(random);
  const contentType = random.next() < 0.85
    ? { 'content-type': 'application/json' }
    : random.pick([{}, { 'content-type': 'text/plain' }, { 'content-type': 'application/json; charset=utf-16' }, {
      'content-type': 'multipart/form-data; boundary=x',
    }]);
  switch (random.int(10)) {
    case 0: {
      const body = random.next() < 0.5
        ? jsonBody(random, options.maxTextChars).body
        : JSON.stringify({ title: random.next() < 0.5 ? storableText(random, 300) : random.pick([1, null, '', 'ok']) });
      return { method: 'POST', path: '/v1/conversations', headers: { ...auth, ...contentType }, body };
    }
    case 1:
    case 2:
    case 3:
    case 4: {
      const generated = jsonBody(random, options.maxTextChars);
      const extra = random.next() < 0.1
        ? { 'idempotency-key': random.pick(['', 'k'.repeat(201), 'a b', 'tab\there']) }
        : random.next() < 0.1
        ? { accept: 'text/event-stream' }
        : {};
      const body: string | Uint8Array = random.next() < 0.05
        ? new Uint8Array([0x7b, 0x22, 0x74, 0x65, 0x78, 0x74, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x22, 0x7d])
        : random.next() < 0.03
        ? 'x'.repeat(options.maxBodyBytes + 1)
        : generated.body;
      return {
        method: 'POST',
        path: `/v1/conversations/${id}/messages`,
        headers: { ...auth, ...contentType, ...extra },
        body,
      };
    }
    case 5:
    case 6: {
      const query = random.pick([
        '',
        '?limit=abc',
        '?limit=0',
        '?limit=101',
        '?limit=1e3',
        '?limit=-1',
        '?limit=5&limit=6',
        '?before=%00',
        `?before=${'z'.repeat(300)}`,
        '?before=%F0%9F%98%80',
        '?limit=%20',
        '?x=1',
        '?limit=100',
        `?before=${garbageId(random)}`,
      ]);
      return { method: 'GET', path: `/v1/conversations/${id}/messages${query}`, headers: auth };
    }
    case 7:
      return { method: 'GET', path: `/v1/conversations/${id}/usage`, headers: auth };
    case 8: {
      const method = random.pick(['PUT', 'PATCH', 'OPTIONS', 'GET', 'POST']);
      const path = random.pick([
        '/v1/conversations',
        `/v1/conversations/${id}`,
        '/v1',
        '/',
        '/v2/x',
        '/healthz',
        '/openapi.json',
        `/v1/conversations/${id}/messages/x`,
        '//v1//conversations',
      ]);
      return { method, path, headers: auth, ...(method !== 'GET' && random.next() < 0.5 ? { body: '{}' } : {}) };
    }
    default:
      return {
        method: 'DELETE',
        path: `/v1/conversations/${random.next() < 0.8 ? options.theirs : garbageId(random)}`,
        headers: auth,
      };
  }
}
