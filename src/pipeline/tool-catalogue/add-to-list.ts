// Grouping into lists by key, the one way the catalogue's indexes are built.

/** Appends `value` to the list `lists` keeps under `key`, starting the list when there is none. */
export function addToList<K, V>(lists: Map<K, V[]>, key: K, value: V): void {
  const list = lists.get(key);
  if (list === undefined) lists.set(key, [value]);
  else list.push(value);
}
