// What a user message asks for: its own request ("could you find me a cab?"), or, when it only assents ("Yes, that's
// correct."), the step the assistant's last reply proposed ("Please confirm: a shared ride for 2.").
import type { ToolIndex } from '../tool-search/index.ts';
import { findProposal } from './find-proposal.ts';
import { findRequest } from './find-requested-domains.ts';
import { isAssent } from './is-assent.ts';
import type { DomainPrior } from './measure-domain-prior.ts';

export type ReadRequestInput = {
  readonly index: ToolIndex;
  readonly text: string;
  /** The assistant's reply before the message (what an assent agrees to). */
  readonly lastReply?: string;
  /** A tool's domain tags (`standard` excluded). */
  readonly domainsOf: (name: string) => readonly string[];
  readonly domainPrior?: DomainPrior;
};

export type ReadRequest = {
  /** The words to weigh: the message, after the proposal it agrees to when there is one. */
  readonly text: string;
  /** The domains requested (see findRequestedDomains), with the words that named each. */
  readonly requested: ReadonlyMap<string, readonly string[]>;
  /** The tools of those domains that hold a word the request named them by (see findRequest). */
  readonly requestedTools: ReadonlySet<string>;
  /** The proposal the message assents to, when it makes no request of its own. */
  readonly proposal?: string;
  /** Whether the message is a short answer to a question the assistant's last reply ended with (see ANSWER_WORDS). */
  readonly answersQuestion: boolean;
};

/** An answer to the assistant's question ("Sports, I love football.") is a short message: at most this many words. */
const ANSWER_WORDS = 8;

/** Whether `text` answers the question `reply` ends with, in a few words. */
function answersQuestion(text: string, reply: string | undefined): boolean {
  // The question may close a quote or a bracket: 'Did you mean "Theater?"'.
  if (reply === undefined || !/\?["'\u201d\u2019)\]]*\s*$/u.test(reply)) return false;
  return text.split(/\s+/u).filter((word) => word.length > 0).length <= ANSWER_WORDS;
}

/** The message's request, else the proposal it assents to (read as a request as a whole). Pure. */
export function readRequest(input: ReadRequestInput): ReadRequest {
  const requestIn = (text: string, isRequest: boolean) => {
    const asked = {
      index: input.index,
      text,
      isRequest,
      domainsOf: input.domainsOf,
      ...(input.domainPrior === undefined ? {} : { domainPrior: input.domainPrior }),
    };
    const found = findRequest(asked);
    return { requested: found.domains, requestedTools: found.tools };
  };
  const own = requestIn(input.text, false);
  const proposal = own.requested.size === 0 && isAssent(input.text) ? findProposal(input.lastReply) : undefined;
  if (proposal === undefined) {
    return { text: input.text, ...own, answersQuestion: answersQuestion(input.text, input.lastReply) };
  }
  return { text: `${proposal} ${input.text}`, ...requestIn(proposal, true), proposal, answersQuestion: false };
}
