// Words that open English sentences, shared by the readings of a request (see mayAskForTool and readPlainOrder).

/** What starts a sentence before its verb: "Hi, cancel it", "OK so add a note", "And then book it". */
export const OPENER =
  /^(?:(?:hi|hello|hey|ok|okay|so|now|also|and|then|just|please|finally|lastly|next|first|firstly|secondly|additionally|afterwards|subsequently|meanwhile|moreover|furthermore|besides)\b[\s,!]*)*/iu;

/**
 * Words that start a statement or a question, never an order, as a regex alternation: pronouns, articles and
 * possessives, quantifiers, question words, auxiliaries and their contractions. AFTER_CLAUSE and NOT_ORDER add their own.
 */
export const FUNCTION_WORDS =
  'i|you|we|he|she|they|it|this|that|these|those|there|here|the|a|an|my|your|our|his|her|their|its|some|any|all|' +
  'every|both|most|no|not|one|what|which|who|how|why|where|is|was|are|were|be|do|does|did|have|has|had|will|would|' +
  "can|could|should|might|may|must|i'm|it's|that's|there's|i'd|i'll|so|but";
