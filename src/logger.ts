// Structured JSON log lines. Callers pass facts, never secrets; message text only reaches the log at debug level.

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export type Logger = {
  readonly level: LogLevel;
  log(level: LogLevel, event: string, fields?: Readonly<Record<string, unknown>>): void;
};

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export type LoggerOptions = {
  readonly level?: LogLevel;
  /** Where a finished line goes; defaults to console.log (stdout on every runtime). */
  readonly write?: (line: string) => void;
  readonly now?: () => Date;
};

/** A logger writing one JSON object per line: `{ time, level, event, ...fields }`. */
export function createLogger(options: LoggerOptions = {}): Logger {
  const level = options.level ?? 'info';
  const write = options.write ?? ((line: string) => console.log(line));
  const now = options.now ?? (() => new Date());
  return {
    level,
    log(lineLevel, event, fields = {}) {
      if (RANK[lineLevel] < RANK[level]) return;
      write(JSON.stringify({ time: now().toISOString(), level: lineLevel, event, ...fields }));
    },
  };
}

/** A logger that drops everything (tests that do not assert on logs). */
export const SILENT_LOGGER: Logger = { level: 'error', log() {} };
