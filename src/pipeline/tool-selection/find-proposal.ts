// What the assistant's last reply proposed for the user to confirm ("Please confirm: a table for 2 at Aquitaine on
// March 1st.", "Shall I cancel reservation ZFA04Y?"): an assent that follows it asks for that step.

/** How an assistant asks the user to confirm a step, in English. */
const PROPOSAL_CUE =
  /\b(?:confirm\b|shall i|should i|do you want me to|would you like me to|want me to|would you like to|do you want to|proceed|is (?:that|this) (?:right|correct|ok|okay)|correct\?|right\?)/iu;
/** The proposal's details follow the question at most this many sentences on ("Would you confirm? A table for 2…"). */
const PROPOSAL_SENTENCES = 3;

/**
 * The sentences of `reply` from its first one that asks for a confirmation (see PROPOSAL_CUE) on, at most
 * PROPOSAL_SENTENCES; undefined when it asks for none (a plain answer or a question for more details). Pure.
 */
export function findProposal(reply: string | undefined): string | undefined {
  if (reply === undefined) return undefined;
  const sentences =
    reply.match(/[^.!?]+(?:[.!?]+|$)/gu)?.map((sentence) => sentence.trim()).filter((sentence) => sentence !== '') ??
      [];
  const first = sentences.findIndex((sentence) => PROPOSAL_CUE.test(sentence));
  if (first < 0) return undefined;
  return sentences.slice(first, first + PROPOSAL_SENTENCES).join(' ');
}
