// The service namespace a tool's name opens with (`hotels_4_search_hotel` → hotels): the domain of a tool that has no
// tag, and one of the services a concierge's instructions may list.

/**
 * Where a name's version stands when it has one: after a namespace of a word or two, with an action and its object
 * after it (`hotels_4_search_hotel` → 1); -1 otherwise (`get_top_10_songs` names no namespace: one word follows it).
 */
export function findNameVersion(words: readonly string[]): number {
  const at = words.findIndex((word) => /^\d+$/u.test(word));
  return at >= 1 && at <= 2 && words.length - at > 2 ? at : -1;
}

/**
 * The words before a name's version (`hotels_4_search_hotel` → "hotels", `rental_cars_2_get_cars_available` → "rental
 * cars"); undefined for a name without one. Case-insensitive; camelCase is not split (`Hotels4Search` has none).
 */
export function readNameNamespace(name: string): string | undefined {
  const words = name.toLowerCase().split(/[^a-z0-9]+/u).filter((word) => word.length > 0);
  const at = findNameVersion(words);
  return at < 0 ? undefined : words.slice(0, at).join(' ');
}
