import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createLogger, DEVELOPMENT_TOKEN_EVENT } from './logger.ts';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJkZXYtdXNlciJ9.c2lnbmF0dXJlLWJ5dGVzLWhlcmU';

function capture(secrets?: readonly string[]) {
  const lines: string[] = [];
  const logger = createLogger({
    level: 'debug',
    write: (line) => lines.push(line),
    now: () => new Date('2026-01-01T00:00:00Z'),
    ...(secrets === undefined ? {} : { secrets }),
  });
  return { logger, lines };
}

describe('createLogger', () => {
  it('writes one JSON object per line and drops lines under its level', () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'warn', write: (line) => lines.push(line), now: () => new Date(0) });
    logger.log('info', 'ignored');
    logger.log('warn', 'kept', { count: 2 });
    assert.deepEqual(lines.map((line) => JSON.parse(line)), [
      { time: '1970-01-01T00:00:00.000Z', level: 'warn', event: 'kept', count: 2 },
    ]);
  });

  it('masks configured secrets and credential shapes in any field, however deep', () => {
    const secret = 'tool-caller-secret-0123456789-abcdefghij';
    const { logger, lines } = capture([secret]);
    logger.log('error', 'http_error', {
      errorMessage: `signing with ${secret} failed for https://svc:hunter22@tools.example/x?apiKey=k-123456`,
      nested: { headers: [`Bearer ${JWT}`] },
    });
    const line = lines[0] ?? '';
    assert.ok(!line.includes(secret) && !line.includes('hunter22') && !line.includes('k-123456'), line);
    assert.ok(!line.includes(JWT), line);
    assert.deepEqual(JSON.parse(line), {
      time: '2026-01-01T00:00:00.000Z',
      level: 'error',
      event: 'http_error',
      errorMessage: 'signing with [redacted] failed for https://[redacted]@tools.example/x?apiKey=[redacted]',
      nested: { headers: ['Bearer [redacted]'] },
    });
  });

  it('shows the development token (generated for this run) but still masks configured secrets in that line', () => {
    const configured = 'configured-secret-that-must-not-show';
    const { logger, lines } = capture([configured]);
    logger.log('info', DEVELOPMENT_TOKEN_EVENT, { token: JWT, note: configured });
    assert.deepEqual(JSON.parse(lines[0] ?? ''), {
      time: '2026-01-01T00:00:00.000Z',
      level: 'info',
      event: DEVELOPMENT_TOKEN_EVENT,
      token: JWT,
      note: '[redacted]',
    });
  });
});
