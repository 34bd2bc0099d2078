// A first-come-first-served lock on the fixture's single database connection, held across requests by a transaction.

/** Who may use the connection now. The owner keeps it until `leave`; others wait in arrival order. */
export type ConnectionGate = {
  /** Resolves when `owner` holds the gate; at once if it already does (a stream inside its own transaction). */
  enter(owner: object): Promise<void>;
  /** Hands the gate to the next waiter. A no-op unless `owner` holds it. */
  leave(owner: object): void;
  /** The current holder, or null. */
  holder(): object | null;
};

/** A fresh, free gate. */
export function createConnectionGate(): ConnectionGate {
  let holder: object | null = null;
  const waiting: { readonly owner: object; readonly admit: () => void }[] = [];
  return {
    enter(owner) {
      if (holder === owner) return Promise.resolve();
      if (holder === null) {
        holder = owner;
        return Promise.resolve();
      }
      return new Promise((admit) => waiting.push({ owner, admit }));
    },
    leave(owner) {
      if (holder !== owner) return;
      const next = waiting.shift();
      holder = next?.owner ?? null;
      next?.admit();
    },
    holder: () => holder,
  };
}
