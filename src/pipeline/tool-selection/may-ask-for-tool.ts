// Whether a message may ask for a tool at all: a conversation that has used none changes its tool list only for one
// that does ("he didn't only call football games but also basketball" says a lot about sports and asks for nothing).
import { tokenizeForSearch } from '../tool-search/index.ts';
import { readsAsRequest } from './find-requested-domains.ts';
import { readPlainOrder } from './read-plain-order.ts';
import { FUNCTION_WORDS, OPENER } from './sentence-words.ts';
import { splitSentences } from './split-sentences.ts';
import { straightenApostrophes } from './straighten-apostrophes.ts';

/** A wish said without a request cue: "I was hoping to change my flight", "I feel like watching a movie". */
const WISH =
  /\b(?:hoping|hope to|wondering|feel like|could (?:really )?use|(?:i|we)(?:'ve| have)? (?:got|have) to|gotta|(?:eager|keen) to|keen on|(?:i|we)(?:'d| would) appreciate|and would (?:love|like)|(?:wish|intend) to)\b/iu;
/**
 * A question about the listener ("Did you know that…?", "Are you interested in politics?", "Do you watch much
 * basketball?"): small talk; "Do you have any rooms?", "Are you able to move my flight?" still ask.
 */
const ABOUT_LISTENER = new RegExp(
  '^(?:(?:so|and|but|oh|well)[\\s,]+)?(?:did you (?!have|get|find|book|send)|(?:were|are) you (?!able|allowed)|' +
    'have you (?:ever|seen|heard|watched|read|been|tried|played)|do you (?:like|love|enjoy|watch|follow|play|think|' +
    'remember|agree|prefer|keep up|listen|read|believe|feel))\\b',
  'iu',
);

/** Whether a sentence of `text` asks a question (ends with its mark) that is not about the listener. */
function asksQuestion(text: string): boolean {
  return splitSentences(text).some((sentence) =>
    sentence.trim().endsWith('?') && !ABOUT_LISTENER.test(sentence.trim().replace(/^[^\p{L}]+/u, ''))
  );
}

/** A question typed without its mark ("when is the next game"): a sentence that starts by asking when, where or which. */
const BARE_QUESTION = /(?:^|[.!]\s+)(?:when|where|which)\b/iu;
/**
 * A code a task needs and small talk rarely has: letters and digits (or underscores) in one word of five or more
 * characters ("sofia_kim_7287", "H9ZU1C"), not a plain number or a decade ("1916", "60s").
 */
const IDENTIFIER = /(?:^|[^\w-])(?=[\w-]*\d)(?=[\w-]*[a-z_])[\w-]{5,}/iu;

/** A terse request typed on a phone ("Forecast and pollen for Oslo", "flights to Rome tomorrow"): this many words at most. */
const TERSE_WORDS = 6;
/** Words of a sentence about people, which a terse request leaves out ("I love it", "that was fun"). */
const PERSONAL =
  /\b(?:i|i'm|me|my|mine|you|your|we|our|us|he|she|his|her|they|them|their|it|it's|that|that's|this)\b/iu;

/** Whether `plain` (apostrophes straight) is a terse request: a few words, none of them about people (see PERSONAL). */
function isTerse(plain: string): boolean {
  const words = plain.split(/\s+/u).filter((word) => /\p{L}/u.test(word));
  return words.length > 0 && words.length <= TERSE_WORDS && !PERSONAL.test(plain);
}

/**
 * An order after a clause that says when or on what condition: "Once the tweet is live, reinforce it with a comment",
 * "After that, tally up the lines". The word after the comma is in lower case, is no function word (FUNCTION_WORDS),
 * no word for anyone or anything ("nothing", "people"), no "then" or "and", and ends in neither -ing nor -ed ("If it
 * rains, we stay in", "After the match, everyone celebrated" and "After the long summer, walking felt strange" state).
 */
const AFTER_CLAUSE = new RegExp(
  '^(?:once|after|when|whenever|if|should|before|as soon as|now that|following|upon|within|inside|using|' +
    `based on|given)\\b[^,;.!?]*,\\s*(?!(?:${FUNCTION_WORDS}|each|many|nothing|everything|everyone|everybody|` +
    "someone|somebody|something|anyone|anything|nobody|people|been|we're|we'll|you're|they're|he's|she's|then|and)" +
    '\\b)\\p{Ll}+(?<!ing|ed)\\b',
  'u',
);

/** Whether a sentence of `plain` (apostrophes straight) gives an order after a clause (see AFTER_CLAUSE). */
function ordersAfterClause(plain: string): boolean {
  return splitSentences(plain).some((sentence) =>
    AFTER_CLAUSE.test(sentence.trim().replace(OPENER, '').replace(/^\p{Lu}/u, (c) => c.toLowerCase()))
  );
}

/**
 * How English asks politely, which small talk rarely says: "Kindly…", "I'd appreciate it if you could…", "It would be
 * great if you could…", "Could you be so kind as to…", "Proceed with…", "Go ahead and…", "Feel free to…", "I wish to…",
 * "I require…", "Your task is to…", "Assist me in…", "…would be appreciated", "Ensure …" or "Make sure …" opening a
 * sentence.
 */
const POLITE_REQUEST = new RegExp(
  [
    '\\bkindly\\b',
    '\\b(?:appreciate|grateful)\\b(?: it)? if you\\b',
    '\\b(?:great|fantastic|wonderful|helpful|nice|lovely|perfect)\\b if you (?:could|can|would)\\b',
    '\\bbe so kind\\b',
    '\\bkind enough to\\b',
    '\\bproceed (?:to|with)\\b',
    '\\bgo ahead and\\b',
    '\\bfeel free to\\b',
    '\\b(?:i|we) (?:wish|intend) to\\b',
    "\\b(?:i|we)(?:'d| would)? require\\b",
    '\\bwould be \\p{L}+ if you (?:could|can|would)\\b',
    '\\byour task is\\b',
    '\\bassist (?:me |us )?(?:in|with)\\b',
    '\\bwould be (?:\\p{L}+ )?appreciated\\b',
    '(?:^|[.!?]\\s+)(?:please\\s+)?(?:ensure|make sure)\\b',
  ].join('|'),
  'iu',
);
/** A question that asks for an act: "Could you remove it", the act one of the catalogue's actions (see isCatalogueAction). */
const ASKED_ACT = /\b(?:can|could|would|will) you (?:please |kindly |also |now |then |just )*(\p{L}+)/giu;

/** Whether `text` asks the listener to do one of the catalogue's actions (see ASKED_ACT). */
function asksForAction(text: string, isAction: (term: string) => boolean): boolean {
  for (const match of text.matchAll(ASKED_ACT)) if (isActionWord(match[1] ?? '', isAction)) return true;
  return false;
}

/** Whether `word`, stemmed as the search stems it, is one of the catalogue's actions. */
function isActionWord(word: string, isAction: (term: string) => boolean): boolean {
  const [first] = tokenizeForSearch(word, { expandAbbreviations: false });
  return first !== undefined && isAction(first);
}

/**
 * Cues of a request during a task, anywhere in a sentence: "I must quickly locate …" (not "I must say" or "I must
 * go"), "… and need the flight cost", "it's time to arrange …".
 */
const IN_TASK_CUE = new RegExp(
  '\\b(?:(?:i|we) must (?:\\p{L}+ly )?(?!(?:say|admit|confess|be|have|agree|go|get|leave)\\b)\\p{L}{3,}|' +
    "and need (?:the|a|an|some|to|my)\\b|it's time to)\\b",
  'iu',
);

/**
 * Whether a sentence of `text` starts with one of the catalogue's action words in its plain form: an order ("Cancel the
 * booking"), not a gerund or a past ("Adding salt was the secret"); after an adverb too ("Directly open the folder",
 * "Quickly check the tank"), while a verb that ends like one still counts itself ("Multiply 3 by 4", "Reply to Bob").
 * `inTask` (a tool was called in the window): an order in any verb too (see readPlainOrder).
 */
function startsWithAction(text: string, isAction: (term: string) => boolean, inTask: boolean): boolean {
  const isOrder = (word: string) => !/(?:ing|ed)$/iu.test(word) && isActionWord(word, isAction);
  return splitSentences(text).some((sentence) => {
    const start = sentence.trim().replace(OPENER, '');
    const [first = '', second = ''] = start.split(/[^\p{L}]+/u);
    return isOrder(first) || (/\p{L}ly$/iu.test(first) && isOrder(second)) ||
      (inTask && readPlainOrder(start));
  });
}

/**
 * Whether `text` may ask for a tool: it reads as a request (see readsAsRequest), starts a sentence with one of the
 * catalogue's actions (`isAction`, stemmed: "Cancel the booking I made"; with `inTask`, any order: see
 * startsWithAction, and the cues of IN_TASK_CUE), asks a question (with or without its mark),
 * says "please" or a wish, asks politely (see POLITE_REQUEST), gives an order after a clause (see AFTER_CLAUSE) or
 * asks the listener for one of the catalogue's actions ("Could you remove it"), gives an identifier (see IDENTIFIER)
 * or is terse (see isTerse). A statement of facts or opinions does not. Pure.
 */
export function mayAskForTool(
  text: string,
  isAction: (term: string) => boolean,
  options: { readonly inTask?: boolean } = {},
): boolean {
  const plain = straightenApostrophes(text);
  return readsAsRequest(text) || startsWithAction(text, isAction, options.inTask === true) || asksQuestion(text) ||
    BARE_QUESTION.test(text) ||
    /\bplease\b/iu.test(text) || WISH.test(text) || IDENTIFIER.test(text) || isTerse(plain) ||
    POLITE_REQUEST.test(plain) || asksForAction(plain, isAction) || ordersAfterClause(plain) ||
    (options.inTask === true && IN_TASK_CUE.test(plain));
}
