// Lets the forked server have the CPU first: the load generator and simulator stand in for phones and Bedrock.
import { setPriority } from 'node:os';

/** Lowers this process's priority (the forked server keeps its own); says what happened, for the printed figures. */
export function lowerOwnPriority(nice: number): string {
  if (nice === 0) return "load generator and simulator at the server's priority (LOAD_NICE=0)";
  try {
    setPriority(0, nice);
    return `load generator and simulator at nice ${nice}, the server at nice 0 (LOAD_NICE)`;
  } catch (error) {
    return `load generator and simulator at the server's priority: nice ${nice} was refused (${
      error instanceof Error ? error.message : String(error)
    })`;
  }
}
