// Whether a message only agrees ("Yes, that's all correct.", "Sounds good, go ahead."): the confirmation of a step the
// assistant proposed, which names no tool of its own.
import { straightenApostrophes } from './straighten-apostrophes.ts';

/** Words of an assent ("Yes, that's all correct.", "Sounds good, go ahead."): a confirmation, nothing else. */
const ASSENT_WORDS = new Set(
  ('yes yeah yep yup sure ok okay alright correct right exactly perfect great good fine wonderful excellent awesome ' +
    "cool sounds sound that thats that's it its it's this is all works work will would be just please proceed go " +
    'ahead confirm confirmed do you got me for to with so very really absolutely definitely thank thanks are am i we ' +
    'indeed true')
    .split(' '),
);

/** Whether the message's first sentence is an assent and nothing else (see ASSENT_WORDS), not a question ("Are you sure?"). */
export function isAssent(text: string): boolean {
  const [first = '', end = ''] = straightenApostrophes(text.toLowerCase()).split(/([.!?])/u);
  if (end === '?') return false;
  const words = first.split(/[^a-z']+/u).filter((word) => word.length > 0);
  return words.length > 0 && words.every((word) => ASSENT_WORDS.has(word));
}
