// Real vocabularies for property and fuzz tests: an English word list (npm `word-list`), every Object.prototype
// name, identifiers in several cases and scripts, emoji and right-to-left text, and fast-check generators over them.
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import wordListPath from 'word-list';

let englishWords: readonly string[] | undefined;

/** The ~274,000 English words of `word-list` (sindresorhus, MIT), read once. */
export function readEnglishWords(): readonly string[] {
  englishWords ??= Object.freeze(readFileSync(wordListPath, 'utf8').split('\n').filter((word) => word.length > 0));
  return englishWords;
}

/** Every own name of Object.prototype, plus `__proto__` as a plain word (it is an accessor there too). */
export const PROTOTYPE_NAMES: readonly string[] = Object.freeze([
  ...new Set([...Object.getOwnPropertyNames(Object.prototype), '__proto__', 'prototype']),
]);

/** Words that look like identifiers: in several cases, and in scripts other than Latin. */
export const IDENTIFIER_WORDS: readonly string[] = Object.freeze([
  'createTask',
  'getUserProfile',
  'HTTPServerError',
  'XMLHttpRequest',
  'send_email_now',
  'list-open-tasks',
  'SCREAMING_SNAKE_CASE',
  'hasOwnProperty_value',
  'toString2',
  'v2Api',
  'создатьЗадачу',
  'список_дел',
  'ΔημιουργίαΕργασίας',
  'λίστα_εργασιών',
  '添加任务',
  'タスクを追加',
  '할일_목록',
  'Straße_öffnen',
  'naïveCafé',
]);

/** Emoji, alone and joined (ZWJ sequences, flags, skin tones, keycaps). */
export const EMOJI_WORDS: readonly string[] = Object.freeze([
  '😀',
  '👍🏽',
  '👩‍💻',
  '👨‍👩‍👧‍👦',
  '🇫🇷',
  '🏳️‍🌈',
  '1️⃣',
  '🧑🏿‍🚀',
  '❤️',
  '🚀🚀🚀',
]);

/** Right-to-left text (Arabic, Hebrew, Persian), with the direction marks clients send. */
export const RTL_WORDS: readonly string[] = Object.freeze([
  'مرحبا',
  'أضف مهمة لتجديد جواز سفري',
  'שלום',
  'תזכיר לי להתקשר לאמא',
  'یادداشت',
  '\u202Bمهمة\u202C',
  '\u200Fשלום\u200E',
  'ذكّرني غدًا',
]);

/** Words from every vocabulary above but the English list (small: each is worth trying every time). */
export const SPECIAL_WORDS: readonly string[] = Object.freeze([
  ...PROTOTYPE_NAMES,
  ...IDENTIFIER_WORDS,
  ...EMOJI_WORDS,
  ...RTL_WORDS,
]);

/** Evenly spaced words of the English list (deterministic), `count` of them. */
export function sampleEnglishWords(count: number): string[] {
  const words = readEnglishWords();
  const step = Math.max(1, Math.floor(words.length / count));
  return Array.from({ length: Math.min(count, words.length) }, (_, index) => words[index * step] as string);
}

/** One word: mostly English, often an Object.prototype name or another special word. */
export function wordArbitrary(): fc.Arbitrary<string> {
  const english = readEnglishWords();
  return fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: 0, max: english.length - 1 }).map((at) => english[at] as string) },
    { weight: 2, arbitrary: fc.constantFrom(...PROTOTYPE_NAMES) },
    { weight: 1, arbitrary: fc.constantFrom(...IDENTIFIER_WORDS) },
    { weight: 1, arbitrary: fc.constantFrom(...EMOJI_WORDS) },
    { weight: 1, arbitrary: fc.constantFrom(...RTL_WORDS) },
  );
}

/** How a word may be written in a message. */
const CASINGS: readonly ((word: string) => string)[] = [
  (word) => word,
  (word) => word.toUpperCase(),
  (word) => word.charAt(0).toUpperCase() + word.slice(1),
];

/** A sentence of 1-`maxWords` words, cased and punctuated as people write. */
export function sentenceArbitrary(maxWords = 14): fc.Arbitrary<string> {
  return fc.tuple(
    fc.array(fc.tuple(wordArbitrary(), fc.integer({ min: 0, max: CASINGS.length - 1 })), {
      minLength: 1,
      maxLength: maxWords,
    }),
    fc.constantFrom('', '.', '?', '!', '…', ';'),
  ).map(([words, end]) =>
    words.map(([word, casing]) => (CASINGS[casing] as (w: string) => string)(word)).join(' ') + end
  );
}

/** A tool name built from words (snake_case, camelCase or a single word), within Bedrock's name rules. */
export function toolNameArbitrary(): fc.Arbitrary<string> {
  const asciiWord = fc.oneof(
    fc.constantFrom(...PROTOTYPE_NAMES.map((name) => name.replace(/[^A-Za-z0-9_]/gu, '_'))),
    fc.integer({ min: 0, max: readEnglishWords().length - 1 }).map((at) => readEnglishWords()[at] as string),
  );
  return fc.tuple(fc.array(asciiWord, { minLength: 1, maxLength: 3 }), fc.constantFrom('snake', 'camel', 'one')).map(
    ([words, style]) => {
      const clean = words.map((word) => word.replace(/[^A-Za-z0-9_]/gu, '')).filter((word) => word.length > 0);
      const joined = style === 'snake'
        ? clean.join('_')
        : style === 'camel'
        ? clean.map((word, index) => index === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1)).join('')
        : (clean[0] ?? 'tool');
      return (joined || 'tool').slice(0, 64);
    },
  );
}
