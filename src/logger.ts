// Structured JSON log lines, with secrets masked. Callers pass facts; message text only reaches the log at debug level.
import { createRedactor } from './redact-secrets.ts';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export type Logger = {
  readonly level: LogLevel;
  log(level: LogLevel, event: string, fields?: Readonly<Record<string, unknown>>): void;
};

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/**
 * The one line meant to show a token: in simulator mode a secret is generated for the run and a development token
 * signed with it is printed for curl. Configured secrets are still masked in it; credential shapes are not.
 */
export const DEVELOPMENT_TOKEN_EVENT = 'development_token';

export type LoggerOptions = {
  readonly level?: LogLevel;
  /** Where a finished line goes; defaults to console.log (stdout on every runtime). */
  readonly write?: (line: string) => void;
  readonly now?: () => Date;
  /** Configured secret values (collectSecretValues): masked wherever they appear, besides every credential shape. */
  readonly secrets?: readonly string[];
};

/**
 * A logger writing one JSON object per line: `{ time, level, event, ...fields }`. Defence in depth: every finished
 * line goes through the redactor (configured secrets, URL credentials, JWTs, bearer values, AWS keys), whatever a
 * caller put in it.
 */
export function createLogger(options: LoggerOptions = {}): Logger {
  const level = options.level ?? 'info';
  const write = options.write ?? ((line: string) => console.log(line));
  const now = options.now ?? (() => new Date());
  const redact = createRedactor(options.secrets);
  const redactConfigured = createRedactor(options.secrets, { shapes: false });
  return {
    level,
    log(lineLevel, event, fields = {}) {
      if (RANK[lineLevel] < RANK[level]) return;
      const line = JSON.stringify({ time: now().toISOString(), level: lineLevel, event, ...fields });
      write(event === DEVELOPMENT_TOKEN_EVENT ? redactConfigured(line) : redact(line));
    },
  };
}

/** A logger that drops everything (tests that do not assert on logs). */
export const SILENT_LOGGER: Logger = { level: 'error', log() {} };
