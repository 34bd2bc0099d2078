// The load bench's fixed sizes and targets, and the environment variables that tune a run (read once, at import).

export const CLIENTS = 50;
export const CONVERSATIONS = 200;
/** LOAD_SECONDS shortens a trial run; the figures that count use the 30 s default. */
export const DURATION_MS = Number(process.env['LOAD_SECONDS'] ?? 30) * 1000;
/** Upper bound on requests, whatever the machine's speed: the run is bounded in count as well as time. */
export const MAX_REQUESTS = 100_000;
export const TARGET_P99_OVERHEAD_MS = 50;
export const THINK_MS_MIN = Number(process.env['LOAD_THINK_MS_MIN'] ?? 500);
export const THINK_MS_MAX = Math.max(THINK_MS_MIN, Number(process.env['LOAD_THINK_MS_MAX'] ?? 2500));
export const STRESS_MS = Number(process.env['LOAD_STRESS_SECONDS'] ?? 10) * 1000;
/** Think times are seeded: the same LOAD_SEED gives the same schedule. */
export const SEED = Number(process.env['LOAD_SEED'] ?? 1);
/** Niceness of this process (load generator and simulator) once the server is forked: 0 (no change) to 19. */
export const NICE = Math.min(19, Math.max(0, Math.trunc(Number(process.env['LOAD_NICE'] ?? 10))));
/** Sequential turns of one client before the load, for the unloaded overhead. */
export const BASELINE_TURNS = 30;
/** LOAD_PROFILE_DIR=<dir> writes a CPU profile of the server process there (open it in Chrome DevTools). */
export const PROFILE_ARGS = process.env['LOAD_PROFILE_DIR'] === undefined
  ? []
  : ['--cpu-prof', `--cpu-prof-dir=${process.env['LOAD_PROFILE_DIR']}`];
