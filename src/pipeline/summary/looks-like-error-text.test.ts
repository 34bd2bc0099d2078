import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { looksLikeErrorText } from './looks-like-error-text.ts';

describe('looksLikeErrorText', () => {
  const errors = [
    'Error: connection reset',
    'error',
    'An error occurred while processing your request.',
    'Exception in thread main',
    'Traceback (most recent call last):',
    'I cannot help with that request.',
    "I can't summarise this.",
    "I'm unable to do that.",
    'Sorry, I cannot comply.',
    "I'm sorry, but the transcript is empty.",
    'I apologize, but I need more context.',
    'Unfortunately, I cannot produce a summary.',
    'As an AI, I do not keep memories.',
    'Here is the summary. As an AI language model I cannot verify it.',
    'ThrottlingException: Too many tokens, please wait before trying again.',
    'ValidationException',
    'TypeError: Cannot read properties of undefined',
    'HTTP/1.1 500 Internal Server Error',
    '429 Too Many Requests',
    'Service Unavailable',
    '503: Service Unavailable',
    '{"message":"Bedrock is unable to process your request."}',
    '<!DOCTYPE html><html><body>Bad Gateway</body></html>',
    'Too many tokens, please wait before trying again.',
    'The model returned the following errors: prompt is too long: 200049 tokens > 200000 maximum',
    '  "Sorry, I cannot."',
    '**Error:** the request failed',
  ];
  for (const text of errors) {
    it(`flags ${JSON.stringify(text.slice(0, 40))}`, () => assert.equal(looksLikeErrorText(text), true));
  }

  const summaries = [
    'The user, Mia Li, booked flight HAT001 from JFK to SFO.',
    '- The user asked to cancel reservation ZFA04Y.\n- The cancel tool returned an error: not refundable.',
    'The user reported an error in their CSV export; the assistant suggested checking the delimiter.',
    'The assistant could not find order #W123; the user will send the correct id.',
    '404 orders were imported by the user last week.',
    'Sorrento was chosen as the destination.',
    'Errands: the user must renew a passport before May.',
  ];
  for (const text of summaries) {
    it(`accepts ${JSON.stringify(text.slice(0, 40))}`, () => assert.equal(looksLikeErrorText(text), false));
  }

  it('stays fast on long adversarial input', () => {
    assert.equal(looksLikeErrorText(`${' '.repeat(100_000)}x`), false);
    assert.equal(looksLikeErrorText(`{${' '.repeat(100_000)}`), false);
  });
});
