// The verbs API names are made of: how a tool's name says its action apart from its object.

/**
 * Verbs API names are made of (`get_weather`, `song_lookup`, `balance_check`), plain and lower-case. English, not any
 * catalogue's words; readers stem them as they need.
 */
export const NAME_VERB_WORDS: readonly string[] = (
  'get set find search lookup look list create add make book reserve buy purchase order cancel update change modify ' +
  'edit delete remove check send transfer pay play rent schedule share request calculate compute convert fetch read ' +
  'write start stop open close track view show display post submit verify login logout register subscribe exchange ' +
  'return estimate fill reset'
).split(' ');
