import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { budgetVariableName, parseBudgetConfig } from './parse-budget-config.ts';

describe('parseBudgetConfig', () => {
  it('reads each BUDGET_ variable into its limit, and the concurrent-turn cap', () => {
    const errors: string[] = [];
    const config = parseBudgetConfig({
      BUDGET_USER_DAY_USD: '2.50',
      BUDGET_USER_MONTH_TOKENS: '5000000',
      BUDGET_CONVERSATION_DAY_TOKENS: ' 200000 ',
      BUDGET_CONVERSATION_MONTH_USD: '',
      MAX_CONCURRENT_TURNS_PER_USER: '2',
    }, errors);
    assert.deepEqual(errors, []);
    assert.deepEqual(config, {
      limits: { 'user.day.usd': 2.5, 'user.month.tokens': 5_000_000, 'conversation.day.tokens': 200_000 },
      maxConcurrentTurns: 2,
    });
    assert.equal(budgetVariableName('conversation.month.usd'), 'BUDGET_CONVERSATION_MONTH_USD');
  });

  it('has no limits and a cap of 4 by default', () => {
    assert.deepEqual(parseBudgetConfig({}, []), { limits: {}, maxConcurrentTurns: 4 });
  });

  it('reports every bad value with how to fix it', () => {
    const errors: string[] = [];
    parseBudgetConfig({
      BUDGET_USER_DAY_USD: 'two dollars',
      BUDGET_USER_DAY_TOKENS: '1.5',
      MAX_CONCURRENT_TURNS_PER_USER: '0',
    }, errors);
    assert.deepEqual(errors, [
      'BUDGET_USER_DAY_TOKENS must be a whole number of tokens such as 200000, got "1.5"; unset it for no limit',
      'BUDGET_USER_DAY_USD must be an amount of US dollars such as 2.50, got "two dollars"; unset it for no limit',
      'MAX_CONCURRENT_TURNS_PER_USER must be an integer from 1 to 1000, got "0"; unset it to use 4',
    ]);
  });
});
