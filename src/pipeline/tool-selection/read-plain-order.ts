// An order in any verb, as read in the middle of a task: "Review the order details", "For clarity, output the
// content", "Also, on Twitter, let everyone know …". Small talk is full of such orders ("Cherish the moments"), so a
// conversation that has used no tool reads only the catalogue's actions (see mayAskForTool).
import { FUNCTION_WORDS, OPENER } from './sentence-words.ts';

/**
 * Words that start a sentence and are no order (see startsWithPlainOrder): the function words (FUNCTION_WORDS), and the
 * prepositions, conjunctions, adverbs, interjections and words of thanks or feeling that small talk opens with.
 */
const NOT_ORDER = new RegExp(
  `^(?:${FUNCTION_WORDS}|when|thank|thanks|appreciate|excuse|pardon|trust|believe|hang|come|cheer|shut|keep|good|` +
    'great|nice|oh|well|yes|yeah|sure|if|or|in|on|at|for|with|to|from|by|as|of|love|like|hope|wish|miss|enjoy|guess|' +
    'glad|sorry|happy|congrats|congratulations|same|after|before|once|since|because|though|although|while|during|' +
    'without|within|inside|into|through|about|than|maybe|anyway|wow|cool|awesome|amazing|wonderful|fun|lol|haha|hmm|' +
    'ah|aw|sad|funny|weird|crazy|true|exactly|mine|yours|ours|just|only|even|still|too|very|really|much|more|never|' +
    'always|sometimes|ever|let|imagine|yep|yup|yea|nope|ok|okay|hey|hi|hello|amen|cheers|welcome|bye|goodbye|lucky|' +
    'poor|dear)$',
  'iu',
);
/** "Let's" before an order during a task, after a clause too: "Now that the tank is full, let's ignite the engine". */
const LETS = /^(?:[^,;.!?]*,\s*)?let(?:['\u2019]s| us)\s+/iu;
/** A quoted value right after a sentence's first word: "Explore 'ResearchDocs' to find …". */
const QUOTED = /^\p{L}+\s+['"\u2018\u201c]/u;
const PARTICLE = /^(?:up|out|on|off|down|over)$/iu;
const OBJECT_START = /^(?:the|my|a|an|all|some|these|those|any|our|your|his|her|their|both|each|every)$/iu;
/** An order to tell someone: "Let everyone know …", "let Bob and Ann know" (not "let me know", small talk's own). */
const LET_KNOW = /^let\s+(?!me\b)(?:[\p{L}@'-]+\s+){1,3}know\b/iu;
/** Where or how an order acts, right after its verb: "Investigate within …", "Move into …", "Conclude by counting …". */
const PLACE = /^(?:into|onto|within|inside|through|across)$/iu;
/** A pronoun object before where it goes: "Copy it into …", "Send them to …". */
const PRONOUN_OBJECT = /^(?:it|them|this|that|everything)$/iu;
const PRONOUN_PLACE = /^(?:to|into|onto|in|inside|within|from)$/iu;
/** "Go to …", "go into …": the one order of two letters. */
const GO_TO = /^go\s+(?:to|into)\b/iu;
/** A phrase before a comma that sets the scene of an order ("For clarity, output …"): at most this many words. */
const FRONTED_WORDS = 6;
/** How such a phrase starts: a preposition ("On Twitter, let everyone know …", "In case it can't, just fill …"). */
const FRONTED_START = new RegExp(
  '^(?:in|on|at|for|with|from|by|to|within|inside|under|over|after|before|during|regarding|concerning|about|per|' +
    'via|through|upon|across|throughout|despite|besides|beyond)\\b',
  'iu',
);
/**
 * Whether `word` could be a verb in its plain form: three letters or more, no -ing, -ed or third-person -s form
 * ("bring", "sing" and the like keep their -ing, "discuss" and "focus" their -s), no adverb in -ly of more than five
 * letters ("tally" and "apply" are verbs), no word of NOT_ORDER.
 */
function plainWord(word: string): boolean {
  return /^\p{L}{3,}$/u.test(word) && !/(?:(?<!^(?:br|spr|str|sw|wr|fl|st|cl|s|r))ing|ed|(?<![su])s)$/iu.test(word) &&
    !NOT_ORDER.test(word) && !(word.length > 5 && /(?<!p)ly$/iu.test(word));
}

/**
 * Whether `start` (a sentence, its openers stripped) starts with an order in any verb, read during a task: a first
 * word that is no word of NOT_ORDER, of three letters or more, in no -ing, -ed or third-person -s form and no adverb in
 * -ly (of more than five letters: "tally" and "apply" order), before an article, possessive or quantifier
 * (OBJECT_START: "Compare both files"), "me" or "us", a quoted value (QUOTED), a particle ("Bring up information"), a
 * place (PLACE: "Investigate within …"), "by" and a word in -ing ("Conclude by counting …") or a pronoun before a place
 * ("Copy it into …"), or joined by "and" to another such word before an article ("Access and retrieve the details");
 * after "let's" (LETS) before any word ("Let's put in a buy order"); "let … know" (LET_KNOW) and "go to" (GO_TO).
 */
function startsWithPlainOrder(start: string): boolean {
  if (LET_KNOW.test(start) || GO_TO.test(start)) return true;
  const order = start.replace(LETS, '');
  const [first = '', second = '', third = '', fourth = ''] = order.split(/[^\p{L}]+/u);
  if (!plainWord(first)) return false;
  if (order !== start) return true;
  return /^(?:me|us)$/iu.test(second) || OBJECT_START.test(second) || QUOTED.test(order) ||
    (second.toLowerCase() === 'and' && plainWord(third) && OBJECT_START.test(fourth)) ||
    (PARTICLE.test(second) && third !== '') || PLACE.test(second) ||
    (second.toLowerCase() === 'by' && /\p{L}ing$/iu.test(third)) ||
    (PRONOUN_OBJECT.test(second) && PRONOUN_PLACE.test(third));
}

/**
 * `start` and what follows each of its first two scene-setting phrases before a comma ("For clarity, output …", "Also,
 * on Twitter, let everyone know …"), each of at most FRONTED_WORDS words, openers stripped again ("In case it can't,
 * just fill …").
 */
function withoutFrontedPhrases(start: string): readonly string[] {
  const starts = [start];
  let rest = start;
  for (let read = 0; read < 2; read++) {
    const comma = rest.indexOf(',');
    if (comma < 0) break;
    const phrase = rest.slice(0, comma).trim();
    if (!FRONTED_START.test(phrase) || phrase.split(/\s+/u).length > FRONTED_WORDS) break;
    rest = rest.slice(comma + 1).trim().replace(OPENER, '');
    starts.push(rest);
  }
  return starts;
}

/**
 * Whether `start` (a sentence, its openers stripped) gives an order in any verb, read during a task: at its start or
 * after a scene-setting phrase or two (see withoutFrontedPhrases, startsWithPlainOrder). Pure.
 */
export function readPlainOrder(start: string): boolean {
  return withoutFrontedPhrases(start).some(startsWithPlainOrder);
}
