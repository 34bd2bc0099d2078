import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AssetPair } from '../assets/index.ts';
import { buildPromptMessages, NO_SUMMARY_LEAD } from './build-prompt-messages.ts';
import {
  assistantText,
  numbered,
  toolResult,
  toolUse,
  userText,
} from '../test-support/conversation-builders.test-support.ts';
import type { Message } from '../types/index.ts';
import { renderSummaryForPrompt } from '../summary/index.ts';

const summary = { text: 'Earlier: the user likes tea.' };
const summaryBlock = renderSummaryForPrompt(summary);
const pin: AssetPair = {
  assetId: 'ctx_rules',
  toolUse: toolUse('tooluse_a', 'get_asset', { id: 'ctx_rules' }),
  toolResult: toolResult('tooluse_a', 'Rules.'),
};
const window = numbered([userText('hello'), assistantText('hi'), userText('tea?')]);

describe('buildPromptMessages', () => {
  const cases: {
    name: string;
    summary: { text: string } | null;
    pins: AssetPair[];
    window: typeof window;
    expected: Message[];
  }[] = [
    {
      name: 'sends the window as it is alone',
      summary: null,
      pins: [],
      window,
      expected: window.map((entry) => entry.message),
    },
    {
      name: 'puts the summary first in the first user message',
      summary,
      pins: [],
      window,
      expected: [
        { role: 'user', content: [summaryBlock, { type: 'text', text: 'hello' }] },
        assistantText('hi'),
        userText('tea?'),
      ],
    },
    {
      name: 'inserts pinned pairs between the summary and the window, results first',
      summary,
      pins: [pin],
      window,
      expected: [
        { role: 'user', content: [summaryBlock] },
        { role: 'assistant', content: [pin.toolUse] },
        { role: 'user', content: [pin.toolResult, { type: 'text', text: 'hello' }] },
        assistantText('hi'),
        userText('tea?'),
      ],
    },
    {
      name: 'opens with a neutral lead when pins come without a summary',
      summary: null,
      pins: [pin],
      window: window.slice(2),
      expected: [userText(NO_SUMMARY_LEAD), { role: 'assistant', content: [pin.toolUse] }, {
        role: 'user',
        content: [pin.toolResult, { type: 'text', text: 'tea?' }],
      }],
    },
    {
      name: 'keeps the summary alone when the window is empty',
      summary,
      pins: [],
      window: [],
      expected: [{ role: 'user', content: [summaryBlock] }],
    },
    {
      name: 'does not merge into a window that starts with an assistant message',
      summary,
      pins: [],
      window: window.slice(1),
      expected: [{ role: 'user', content: [summaryBlock] }, assistantText('hi'), userText('tea?')],
    },
  ];
  for (const testCase of cases) {
    it(testCase.name, () => {
      assert.deepEqual(
        buildPromptMessages({ summary: testCase.summary, pinnedAssets: testCase.pins, window: testCase.window }),
        testCase.expected,
      );
    });
  }

  it('reuses the window messages after the first', () => {
    const messages = buildPromptMessages({ summary, pinnedAssets: [], window });
    assert.equal(messages[1], window[1]!.message);
  });
});
