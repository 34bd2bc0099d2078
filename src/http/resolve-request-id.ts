// One id per request: a caller's own id is kept when it is sane, otherwise a fresh one is made.

/** Visible, header- and log-safe characters only; long enough for UUIDs, ULIDs and trace ids. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Returns `incoming` when it matches SANE_REQUEST_ID, else `createId()`. */
export function resolveRequestId(incoming: string | undefined, createId: () => string): string {
  return incoming !== undefined && SANE_REQUEST_ID.test(incoming) ? incoming : createId();
}
