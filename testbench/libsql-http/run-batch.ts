// A Hrana `batch`: steps run in order, each only if its condition (ok / error / not / and / or / is_autocommit) holds.
import type { SqlSession } from './create-sql-session.ts';
import { type HranaError, HranaProtocolError, toHranaError } from './hrana-error.ts';
import { encodeStatementResult, type HranaStatementResult } from './hrana-values.ts';
import { type ParsedStatement, parseStatement } from './parse-statement.ts';

/** `BatchResult`: for step i, a result if it ran and succeeded, an error if it ran and failed, both null if skipped. */
export type HranaBatchResult = {
  readonly step_results: (HranaStatementResult | null)[];
  readonly step_errors: (HranaError | null)[];
};

type Condition =
  | { readonly type: 'ok' | 'error'; readonly step: number }
  | { readonly type: 'not'; readonly cond: Condition }
  | { readonly type: 'and' | 'or'; readonly conds: readonly Condition[] }
  | { readonly type: 'is_autocommit' };

type Step = { readonly condition: Condition | null; readonly parsed: ParsedStatement };

export type RunBatchOptions = {
  readonly batch: unknown;
  readonly session: SqlSession;
  readonly sqls: ReadonlyMap<number, string>;
  /** Hrana version of the endpoint: `is_autocommit` needs 3. */
  readonly version: 2 | 3;
};

/**
 * Validates the whole batch first (a malformed step or a condition naming a later step fails the HTTP request with
 * HranaProtocolError before anything runs), then runs it. A failing statement is recorded and the batch goes on.
 */
export async function runBatch(options: RunBatchOptions): Promise<HranaBatchResult> {
  const fields = (typeof options.batch === 'object' && options.batch !== null ? options.batch : {}) as Record<
    string,
    unknown
  >;
  if (!Array.isArray(fields['steps'])) throw new HranaProtocolError('"batch" needs a "steps" array');
  const steps: Step[] = fields['steps'].map((step: unknown, index) => parseStep(step, index, options));
  const result: HranaBatchResult = { step_results: steps.map(() => null), step_errors: steps.map(() => null) };
  for (const [index, step] of steps.entries()) {
    if (step.condition !== null && !evaluate(step.condition, result, options.session)) continue;
    try {
      result.step_results[index] = encodeStatementResult(
        await options.session.execute(step.parsed.statement),
        step.parsed.wantRows,
      );
    } catch (error) {
      if (error instanceof HranaProtocolError) throw error;
      result.step_errors[index] = toHranaError(error);
    }
  }
  return result;
}

function parseStep(json: unknown, index: number, options: RunBatchOptions): Step {
  const fields = (typeof json === 'object' && json !== null ? json : {}) as Record<string, unknown>;
  const condition = fields['condition'] ?? null;
  return {
    condition: condition === null ? null : parseCondition(condition, index, options.version),
    parsed: parseStatement(fields['stmt'], options.sqls),
  };
}

function parseCondition(json: unknown, index: number, version: 2 | 3): Condition {
  const fields = (typeof json === 'object' && json !== null ? json : {}) as Record<string, unknown>;
  const type = fields['type'];
  if (type === 'ok' || type === 'error') {
    const step = fields['step'];
    if (typeof step !== 'number' || !Number.isInteger(step) || step < 0 || step >= index) {
      throw new HranaProtocolError(`condition of step ${index} must name an earlier step, got ${JSON.stringify(step)}`);
    }
    return { type, step };
  }
  if (type === 'not') return { type, cond: parseCondition(fields['cond'], index, version) };
  if (type === 'and' || type === 'or') {
    if (!Array.isArray(fields['conds'])) throw new HranaProtocolError(`an "${type}" condition needs a "conds" array`);
    return { type, conds: fields['conds'].map((cond: unknown) => parseCondition(cond, index, version)) };
  }
  if (type === 'is_autocommit' && version >= 3) return { type };
  throw new HranaProtocolError(`unsupported batch condition ${JSON.stringify(type)} on Hrana ${version}`);
}

function evaluate(condition: Condition, result: HranaBatchResult, session: SqlSession): boolean {
  switch (condition.type) {
    case 'ok':
      return result.step_results[condition.step] != null;
    case 'error':
      return result.step_errors[condition.step] != null;
    case 'not':
      return !evaluate(condition.cond, result, session);
    case 'and':
      return condition.conds.every((cond) => evaluate(cond, result, session));
    case 'or':
      return condition.conds.some((cond) => evaluate(cond, result, session));
    case 'is_autocommit':
      return session.isAutocommit();
  }
}
