// A small table of generic synonyms for tool search ("delete" ≈ "remove"), matched on stems.
import { splitWords, stemWord } from './tokenize-for-search.ts';

/**
 * Groups of words that ask for the same action or object in most tool catalogues. Kept generic on purpose:
 * it describes how people name operations, not any one test set. Synonyms are not chained: a word with two senses
 * meets each sense's words in a group of its own ("ticket issue" at a help desk, "issue incident"), so an incident is
 * never a concert ticket.
 */
const SYNONYM_GROUPS: readonly string[] = [
  'delete remove erase discard destroy trash',
  'file document',
  'list enumerate',
  'show display view print reveal',
  'directory folder',
  'create new make generate build add',
  'move transfer relocate',
  'copy duplicate clone',
  'search find locate lookup seek',
  'buy purchase acquire',
  'sell',
  'cancel revoke abort void',
  'get retrieve fetch obtain',
  'update modify change edit alter adjust set',
  'start begin launch initiate',
  'stop halt terminate end',
  'book reserve reservation',
  'price cost fare fee charge',
  'login authenticate signin logon',
  'logout signout logoff',
  'car vehicle',
  'trip travel journey',
  'calculate compute determine evaluate',
  'sum total',
  'mean average',
  'message chat dm text note',
  'tweet post',
  'ticket issue',
  'issue incident',
  'close shut',
  'compare difference diff contrast',
  'sort arrange order',
  'send dispatch deliver forward relay',
  'inform notify tell brief alert',
  'navigate direction route guide',
  'user account member',
  'write save store record',
  'convert exchange',
  'money funds cash',
  'follow subscribe',
  'contact person',
  'rename retitle',
  'lock secure',
  'unlock unsecure',
  'stock share equity',
  'taxi cab',
  'restaurant eatery diner dine eat',
  'movie film',
  'apartment flat residence',
  'hotel motel lodging',
];

function stemsOf(text: string): string[] {
  return splitWords(text).map(stemWord);
}

const SYNONYMS: ReadonlyMap<string, readonly string[]> = (() => {
  const table = new Map<string, Set<string>>();
  for (const group of SYNONYM_GROUPS) {
    const stems = stemsOf(group);
    for (const stem of stems) {
      const others = table.get(stem) ?? new Set<string>();
      for (const other of stems) if (other !== stem) others.add(other);
      table.set(stem, others);
    }
  }
  return new Map([...table].map(([stem, others]) => [stem, [...others].sort()]));
})();

/** Stems that mean the same as `stem` (never includes `stem` itself; empty when none are known). */
export function findSynonyms(stem: string): readonly string[] {
  return SYNONYMS.get(stem) ?? [];
}
