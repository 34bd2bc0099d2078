// Deno only: a full GC so libsql's N-API finalizers run while the runtime is alive. Without it Deno 2.9 segfaults at
// exit once a few hundred statements were run (native finalizers at teardown; cf. denoland/deno#36538). Node needs none.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Runs V8's full garbage collection under Deno; does nothing under Node. */
export function collectNativeGarbage(): void {
  if (!('Deno' in globalThis)) return;
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}
