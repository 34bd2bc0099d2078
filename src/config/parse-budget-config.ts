// The budget variables of the environment: BUDGET_<USER|CONVERSATION>_<DAY|MONTH>_<TOKENS|USD> and the turn cap.
import { DEFAULT_LIMITS } from '../defaults.ts';
import { BUDGET_KEYS, type BudgetKey, type BudgetLimits } from '../pipeline/budget/index.ts';

export type BudgetConfig = { readonly limits: BudgetLimits; readonly maxConcurrentTurns: number };

const DEFAULT_MAX_CONCURRENT_TURNS: number = DEFAULT_LIMITS.maxConcurrentTurns;
const MAX_CONCURRENT_TURNS_LIMIT = 1_000;

/** `user.day.usd` → BUDGET_USER_DAY_USD. */
export function budgetVariableName(key: BudgetKey): string {
  return `BUDGET_${key.replaceAll('.', '_').toUpperCase()}`;
}

/** Every budget variable; unset or blank means no limit. Problems are pushed to `errors`, one sentence each. */
export function parseBudgetConfig(env: Readonly<Record<string, string | undefined>>, errors: string[]): BudgetConfig {
  const limits: Partial<Record<BudgetKey, number>> = {};
  for (const key of BUDGET_KEYS) {
    const name = budgetVariableName(key);
    // own-key: BUDGET_* names built from the fixed budget keys
    const text = env[name]?.trim() ?? '';
    if (text === '') continue;
    const usd = key.endsWith('.usd');
    const pattern = usd ? /^\d{1,9}(\.\d{1,6})?$/ : /^\d{1,12}$/;
    if (!pattern.test(text)) {
      errors.push(
        `${name} must be ${
          usd ? 'an amount of US dollars such as 2.50' : 'a whole number of tokens such as 200000'
        }, ` +
          `got ${JSON.stringify(text.slice(0, 40))}; unset it for no limit`,
      );
      continue;
    }
    limits[key] = Number(text);
  }
  const capText = env['MAX_CONCURRENT_TURNS_PER_USER']?.trim() ?? '';
  let maxConcurrentTurns = DEFAULT_MAX_CONCURRENT_TURNS;
  if (capText !== '') {
    const cap = /^\d{1,6}$/.test(capText) ? Number(capText) : NaN;
    if (cap >= 1 && cap <= MAX_CONCURRENT_TURNS_LIMIT) maxConcurrentTurns = cap;
    else {
      errors.push(
        `MAX_CONCURRENT_TURNS_PER_USER must be an integer from 1 to ${MAX_CONCURRENT_TURNS_LIMIT}, got ${
          JSON.stringify(capText.slice(0, 40))
        }; unset it to use ${DEFAULT_MAX_CONCURRENT_TURNS}`,
      );
    }
  }
  return { limits, maxConcurrentTurns };
}
