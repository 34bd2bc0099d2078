// A one-line progress bar for long replays, redrawn in place on stderr (only when someone is watching).
export type ProgressBar = { update(done: number, total: number): void; finish(): void };

const WIDTH = 30;
/** Redraw at most once per this many percent, so a 2,000-step run does not flood a slow terminal. */
const STEP_PERCENT = 0.5;

/** `write` receives `\r`-prefixed lines; `finish` ends the line. A bar never goes backwards. */
export function createProgressBar(write: (text: string) => void, label = 'replay'): ProgressBar {
  let shown = -1;
  let drawn = false;
  return {
    update(done, total) {
      const percent = total <= 0 ? 100 : Math.min(100, (100 * done) / total);
      if (percent < shown + STEP_PERCENT && done < total) return;
      shown = percent;
      drawn = true;
      const filled = Math.round((percent / 100) * WIDTH);
      write(
        `\r${label} [${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${
          percent.toFixed(0).padStart(3)
        }% ${done}/${total}`,
      );
    },
    finish() {
      if (drawn) write('\n');
      drawn = false;
    },
  };
}
