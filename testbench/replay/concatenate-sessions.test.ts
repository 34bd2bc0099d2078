import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { timeConversations } from './assign-timestamps.ts';
import type { UntimedConversation } from './assign-timestamps.ts';
import { concatenateSessions, createRealisticGaps, SESSION_GAP_KINDS } from './concatenate-sessions.ts';
import type { Conversation } from './conversation-format.ts';
import { parseConversation } from './conversation-format.ts';

const START = Date.parse('2024-05-15T20:00:00.000Z');

/** A conversation of `users` exchanges, each calling a tool with the same id as every other conversation (clash). */
function untimed(id: string, users: number): UntimedConversation {
  return {
    id,
    systemFile: 'system-prompt.md',
    tools: ['lookup'],
    turns: Array.from({ length: users }, (_, index) => [
      { role: 'user' as const, text: `question ${index}` },
      { role: 'assistant' as const, toolCalls: [{ id: `call_${index}`, name: 'lookup', input: {} }] },
      { role: 'tool' as const, toolResults: [{ toolCallId: `call_${index}`, output: 'found' }] },
      { role: 'assistant' as const, text: `answer ${index}` },
    ]).flat(),
  };
}
const corpus = (sizes: readonly number[]): readonly Conversation[] =>
  timeConversations(sizes.map((users, index) => untimed(`c${index}`, users)), { startAt: START });
const userTurns = (conversation: Conversation) => conversation.turns.filter((turn) => turn.role === 'user').length;
const times = (conversation: Conversation) => conversation.turns.map((turn) => Date.parse(turn.at));

describe('concatenateSessions', () => {
  it('chains conversations into sessions of at least the target user turns, leftovers counted', () => {
    const result = concatenateSessions(corpus(Array.from({ length: 50 }, (_, i) => 5 + (i % 7))), {
      targetUserTurns: 100,
      idPrefix: 's',
    });
    assert.ok(result.ok);
    assert.ok(result.sessions.length >= 3);
    for (const session of result.sessions) {
      assert.ok(userTurns(session) >= 100);
      assert.deepEqual(parseConversation(session), { ok: true, conversation: session });
      assert.deepEqual(session.tools, ['lookup']);
      assert.equal(session.systemFile, 'system-prompt.md');
    }
    const used = result.sessions.reduce((sum, session) => sum + (session.meta?.segments as string[]).length, 0);
    assert.equal(used + result.unused, 50);
    assert.deepEqual(result.sessions.map((s) => s.id), result.sessions.map((_, i) => `s-${i + 1}`));
  });

  it('keeps every segment intact apart from shifted times and renamed clashing ids', () => {
    const input = corpus([3, 3]);
    const result = concatenateSessions(input, { targetUserTurns: 6 });
    assert.ok(result.ok);
    const session = result.sessions[0];
    assert.equal(session?.turns.length, 24);
    const ids =
      session?.turns.flatMap((turn) => (turn.role === 'assistant' ? (turn.toolCalls ?? []).map((c) => c.id) : [])) ??
        [];
    assert.deepEqual(ids, ['call_0', 'call_1', 'call_2', 'call_0_s1', 'call_1_s1', 'call_2_s1']);
    const strip = (turns: Conversation['turns']) => turns.map((turn) => (turn.role === 'user' ? turn.text : turn.role));
    assert.deepEqual(strip(session?.turns ?? []), [...strip(input[0]?.turns ?? []), ...strip(input[1]?.turns ?? [])]);
    // The second segment keeps its inner rhythm.
    const inner = (t: readonly number[]) => t.slice(1).map((x, i) => x - (t[i] ?? 0));
    assert.deepEqual(inner(times(session as Conversation).slice(12)), inner(times(input[1] as Conversation)));
  });

  it('puts the given gaps between segments and between sessions, and never goes back in time', () => {
    const result = concatenateSessions(corpus([2, 2, 2, 2]), {
      targetUserTurns: 4,
      gaps: { kind: 'fixed', milliseconds: [60_000, 3_600_000] },
      startAt: START,
    });
    assert.ok(result.ok);
    const [first, second] = result.sessions;
    assert.equal(times(first as Conversation)[0], START);
    assert.deepEqual(first?.meta?.gapsMs, [60_000]);
    assert.deepEqual(second?.meta?.gapsMs, [60_000]);
    assert.equal((times(second as Conversation)[0] ?? 0) - (times(first as Conversation).at(-1) ?? 0), 3_600_000);
  });

  it('says so when the input cannot fill one session, or sessions would mix system prompts', () => {
    assert.deepEqual(concatenateSessions(corpus([2]), { targetUserTurns: 3 }), {
      ok: false,
      reason: 'not enough user turns: 2 available, 3 needed',
    });
    const [a, b] = corpus([2, 2]);
    const mixed = [a as Conversation, { ...(b as Conversation), systemFile: 'other.md' }];
    assert.deepEqual(concatenateSessions(mixed, { targetUserTurns: 4 }), {
      ok: false,
      reason: 'session 1 would mix different system prompts',
    });
  });

  it('stops at maxSessions', () => {
    const result = concatenateSessions(corpus([2, 2, 2, 2, 2]), { targetUserTurns: 2, maxSessions: 2 });
    assert.ok(result.ok);
    assert.equal(result.sessions.length, 2);
    assert.equal(result.unused, 3);
  });

  it('holds its invariants for any corpus and target (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 1, max: 20 }),
        (sizes, target) => {
          const result = concatenateSessions(corpus(sizes), { targetUserTurns: target });
          const total = sizes.reduce((a, b) => a + b, 0);
          if (total < target) return !result.ok;
          if (!result.ok) return false;
          const all = result.sessions.flatMap(times);
          return result.sessions.length >= 1 &&
            result.sessions.every((s) => userTurns(s) >= target && parseConversation(s).ok) &&
            all.every((t, i) => i === 0 || t >= (all[i - 1] ?? 0));
        },
      ),
      { numRuns: 200, seed: 7 },
    );
  });
});

describe('createRealisticGaps', () => {
  it('mixes short, cache-expiring and overnight gaps in fixed shares per block of 20, deterministically', () => {
    const gapAt = createRealisticGaps('seed');
    const gaps = Array.from({ length: 40 }, (_, i) => gapAt(i));
    const count = (kind: { min: number; max: number }) =>
      gaps.filter((gap) => gap >= kind.min && gap <= kind.max).length;
    assert.equal(count(SESSION_GAP_KINDS.short), 20);
    assert.equal(count(SESSION_GAP_KINDS.medium), 14);
    assert.equal(count(SESSION_GAP_KINDS.overnight), 6);
    assert.ok(
      gaps.filter((gap) => gap < 5 * 60_000).length === 20 && gaps.filter((gap) => gap > 5 * 60_000).length === 20,
    );
    assert.deepEqual(gaps, Array.from({ length: 40 }, (_, i) => createRealisticGaps('seed')(i)));
    assert.notDeepEqual(gaps, Array.from({ length: 40 }, (_, i) => createRealisticGaps('other')(i)));
  });
});
