import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  BUDGET_KEYS,
  type BudgetSpend,
  checkBudget,
  mergeBudgetLimits,
  parseBudgetOverride,
  remainingBudget,
} from './budget-limits.ts';

const NOTHING = Object.fromEntries(BUDGET_KEYS.map((key) => [key, 0])) as BudgetSpend;
const spend = (values: Partial<BudgetSpend>): BudgetSpend => ({ ...NOTHING, ...values });

describe('budget limits', () => {
  it('names the eight limits: user and conversation, day and month, tokens and usd', () => {
    assert.equal(BUDGET_KEYS.length, 8);
    assert.ok(BUDGET_KEYS.includes('user.day.usd'), 'user.day.usd is a key');
    assert.ok(BUDGET_KEYS.includes('conversation.month.tokens'), 'conversation.month.tokens is a key');
  });

  it('lets a call run while what it surely uses fits, and refuses it once it would cross a limit', () => {
    const limits = { 'user.day.tokens': 10_000 };
    assert.deepEqual(checkBudget(limits, spend({ 'user.day.tokens': 4_000 }), { tokens: 6_000, usd: 0 }), { ok: true });
    assert.deepEqual(checkBudget(limits, spend({ 'user.day.tokens': 4_000 }), { tokens: 6_001, usd: 0 }), {
      ok: false,
      key: 'user.day.tokens',
      limit: 10_000,
      spent: 4_000,
      need: 6_001,
    });
  });

  it('refuses when the limit is already reached even if the call needs nothing', () => {
    const verdict = checkBudget({ 'conversation.month.usd': 1 }, spend({ 'conversation.month.usd': 1 }), {
      tokens: 0,
      usd: 0,
    });
    assert.equal(verdict.ok, false);
  });

  it('ignores limits that are not set, whatever was spent', () => {
    assert.deepEqual(checkBudget({}, spend({ 'user.month.usd': 1e9 }), { tokens: 1e9, usd: 1e9 }), { ok: true });
  });

  it('applies a per-user override: a number replaces, null removes, an absent key keeps the default', () => {
    const merged = mergeBudgetLimits(
      { 'user.day.usd': 2, 'user.month.usd': 20, 'conversation.day.tokens': 50_000 },
      { 'user.day.usd': 5, 'user.month.usd': null },
    );
    assert.deepEqual(merged, { 'user.day.usd': 5, 'conversation.day.tokens': 50_000 });
  });

  it('parses stored overrides and rejects unknown names (even prototype names) and bad amounts with a clear message', () => {
    assert.deepEqual(parseBudgetOverride({ 'user.day.tokens': 100, 'user.month.usd': null }), {
      'user.day.tokens': 100,
      'user.month.usd': null,
    });
    assert.throws(() => parseBudgetOverride({ constructor: 1 }), /unknown budget "constructor"/);
    assert.throws(() => parseBudgetOverride({ 'user.day.usd': -1 }), /non-negative number or null/);
    assert.throws(() => parseBudgetOverride(['user.day.usd']), /JSON object/);
  });

  it('reports what is left under each set limit, never below zero', () => {
    assert.deepEqual(
      remainingBudget(
        { 'user.day.usd': 2, 'user.month.tokens': 100 },
        spend({ 'user.day.usd': 0.5, 'user.month.tokens': 150 }),
      ),
      { 'user.day.usd': 1.5, 'user.month.tokens': 0 },
    );
  });
});
