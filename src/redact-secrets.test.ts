import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { collectSecretValues } from './config/collect-secret-values.ts';
import { createRedactor, describeUrl } from './redact-secrets.ts';

// A real HS256 JWT shape (header and payload are base64url JSON).
const JWT = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJhbGljZSIsImV4cCI6MTc5OTk5OTk5OX0.' +
  'c2lnbmF0dXJlLWJ5dGVzLWhlcmUtMDEyMzQ1Njc4OQ';

describe('createRedactor', () => {
  const redact = createRedactor();

  const shapes: readonly (readonly [string, string, string])[] = [
    [
      'user info in a URL',
      'endpoint https://bedrock-user:p4ss%40word@proxy.example:8443/model',
      'endpoint https://[redacted]@proxy.example:8443/model',
    ],
    ['a token as URL user info', 'libsql://tok3n-value@db.turso.io', 'libsql://[redacted]@db.turso.io'],
    [
      'a libSQL authToken in a query',
      'libsql://db.turso.io?authToken=abc.def.ghi&tls=1',
      'libsql://db.turso.io?authToken=[redacted]&tls=1',
    ],
    [
      'a presigned AWS URL',
      'https://s3.amazonaws.com/x?X-Amz-Credential=AKIA/2026&X-Amz-Signature=deadbeef',
      'https://s3.amazonaws.com/x?X-Amz-Credential=[redacted]&X-Amz-Signature=[redacted]',
    ],
    ['an api key in a query', 'GET /search?q=tea&api_key=sk-live-123456', 'GET /search?q=tea&api_key=[redacted]'],
    ['a JWT', `token ${JWT} expired`, 'token [redacted] expired'],
    ['a bearer header', 'Authorization: Bearer abcdefgh12345678', 'Authorization: Bearer [redacted]'],
    ['basic auth', 'Authorization: Basic YWxhZGRpbjpvcGVuc2VzYW1l', 'Authorization: Basic [redacted]'],
    ['an AWS access key id', 'key AKIAIOSFODNN7EXAMPLE used', 'key [redacted] used'],
    ['a temporary AWS key id', 'ASIAY34FZKBOKMUTVV7A', '[redacted]'],
    ['a Bedrock API key', 'ABSKQmVkcm9ja0FQSUtleS1leGFtcGxlMDEyMzQ1Njc4OQ==', '[redacted]'],
    [
      'a short-term Bedrock API key',
      'bedrock-api-key-YmVkcm9jay5hbWF6b25hd3MuY29tLz9BY3Rpb249',
      '[redacted]',
    ],
  ];
  for (const [label, text, expected] of shapes) {
    it(`masks ${label}`, () => assert.equal(redact(text), expected));
  }

  it('leaves ordinary log text alone', () => {
    const line = JSON.stringify({
      event: 'model_call',
      inputTokens: 1200,
      cacheReadInputTokens: 900,
      url: 'http://127.0.0.1:4010/model/x/converse',
      note: 'The key to a good summary is keeping ids like ORD-123 and dates like 2026-01-09.',
    });
    assert.equal(redact(line), line);
  });

  it('masks configured values in every form a log line may carry them', () => {
    const secret = 'my "database" token/with+chars=0123';
    const withSecrets = createRedactor([secret, 'short']);
    assert.equal(withSecrets(`raw ${secret} end`), 'raw [redacted] end');
    assert.equal(withSecrets(JSON.stringify({ value: secret })), '{"value":"[redacted]"}');
    assert.equal(withSecrets(`q=${encodeURIComponent(secret)}`), 'q=[redacted]');
    assert.equal(
      withSecrets('a short word stays'),
      'a short word stays',
      'values under 6 characters are not masked alone',
    );
  });

  it('masks only configured values when shapes are off', () => {
    const values = createRedactor(['configured-secret-value'], { shapes: false });
    assert.equal(values(`${JWT} configured-secret-value`), `${JWT} [redacted]`);
  });
});

describe('describeUrl', () => {
  it('keeps scheme, host and path, and drops user info, query and fragment', () => {
    assert.equal(describeUrl('https://user:pw@bedrock.example:8443/v1?token=x#f'), 'https://bedrock.example:8443/v1');
    assert.equal(describeUrl('libsql://db-org.turso.io?authToken=abc'), 'libsql://db-org.turso.io');
    assert.equal(describeUrl('file:tokenwise.db'), 'file:tokenwise.db');
    assert.equal(describeUrl('file:/var/db/t.db?mode=ro'), 'file:/var/db/t.db');
  });
});

describe('collectSecretValues', () => {
  it('lists secret variables and the credentials inside URL variables', () => {
    assert.deepEqual(
      collectSecretValues({
        AUTH_JWT_SECRET: ' a-secret-of-32-characters-at-least-0123 ',
        AWS_BEARER_TOKEN_BEDROCK: 'ABSKexample',
        BEDROCK_ENDPOINT: 'https://proxy-user:pa%24%24word@proxy.example',
        DATABASE_URL: 'libsql://db.turso.io?authToken=db-token-value',
        PORT: '3000',
        LOG_LEVEL: 'info',
      }).sort(),
      [
        'ABSKexample',
        'a-secret-of-32-characters-at-least-0123',
        'db-token-value',
        'pa$$word',
        'pa%24%24word',
        'proxy-user',
        'proxy-user',
      ].sort(),
    );
  });
});
