// One turn in four steps (load, build, run, update); idempotency, the one-turn lock, billing, the store write, logging
// and whether a summary refresh is due are the named helpers around them.
import { sumBilledUsage } from '../pipeline/cost/index.ts';
import { listCalledTools, listRanTools, orderToolsByUse } from '../pipeline/tool-selection/index.ts';
import type { StoredMessage } from '../store/store-records.ts';
import type { SendMessageInput, TurnResult } from './chat-service.ts';
import { chooseTools, type ChosenTools } from './choose-tools.ts';
import { chooseTurnCacheTtl, type TurnCacheTtl } from './choose-turn-cache-ttl.ts';
import { claimIdempotencyKey } from './claim-idempotency-key.ts';
import { createTurnLedger, type TurnLedger } from './create-turn-ledger.ts';
import { type BudgetGuard, createBudgetGuard } from './guard-budget.ts';
import { guardListener } from './guard-listener.ts';
import { loadTurnContext, type TurnContext } from './load-turn-context.ts';
import { closeTurnJournal, openTurnJournal } from './open-turn-journal.ts';
import { isSummaryDue } from './refresh-summary.ts';
import { type ModelStepsResult, runModelSteps, type TurnJournal } from './run-model-steps.ts';
import { type Learning, loadLearning, saveLearning } from './learned-state.ts';
import { storeTurn } from './store-turn.ts';
import { recordRanTools, recordToolCoUse } from './tool-co-use.ts';
import { abandonTurn, type LockedTurn, lockTurn } from './lock-turn.ts';
import { logToolListChange, logTurn } from './log-turn.ts';
import { watchTurn } from './watch-turn.ts';
import type { TurnDependencies } from './turn-dependencies.ts';

/** A finished turn: the answer, and whether its messages pushed a chunk out of the window (a summary refresh is due). */
export type TurnOutcome = { readonly result: TurnResult; readonly summaryDue: boolean };

type Loaded = {
  readonly budget: BudgetGuard;
  readonly context: TurnContext;
  readonly cacheTtl: TurnCacheTtl;
  /** What an earlier attempt with the same Idempotency-Key did (replayed), and where this one records. */
  readonly journal: TurnJournal | undefined;
  /** The tools the window's messages called, most recent first: the selection and find_tools read them. */
  readonly calledTools: readonly string[];
};

/** Step 1, load: admits the turn under the budgets and shapes the snapshot into the prompt's inputs. */
async function load(deps: TurnDependencies, turn: LockedTurn, text: string, ledger: TurnLedger): Promise<Loaded> {
  const budget = createBudgetGuard(deps, turn.scope, () => ledger.calls);
  await budget.admit();
  const context = await loadTurnContext(deps, turn.scope, turn.snapshot, turn.startedAt);
  const cacheTtl = chooseTurnCacheTtl(deps, {
    conversationId: turn.scope.conversationId,
    turnId: turn.turnId,
    recentUserTimes: turn.snapshot.recentUserTimes,
    recentTurnStarts: turn.snapshot.recentTurnStarts,
    userMessageCount: turn.snapshot.userMessageCount,
    summaryVersion: context.memory.version,
    toolChanges: turn.snapshot.toolChanges,
    summaryTokens: context.memory.summaryTokens,
    storedWindow: context.storedWindow,
    now: turn.startedAt,
  });
  const journal = await openTurnJournal(deps, turn.scope, { key: turn.idempotencyKey, text, turnId: turn.turnId });
  const calledTools = listCalledTools(context.storedWindow.map((entry) => entry.message));
  return { budget, context, cacheTtl, journal, calledTools };
}

/** Step 2, build: chooses this turn's domain tools and stores the selection when it changed. */
async function build(
  deps: TurnDependencies,
  turn: LockedTurn,
  text: string,
  { context, calledTools }: Loaded,
  ledger: TurnLedger,
): Promise<ChosenTools> {
  const { selectedTools: previousSelection, toolOrder: previousOrder } = turn.snapshot.conversation;
  const chosen = await chooseTools(deps, {
    text,
    recentUserTurns: context.recentUserTurns,
    ...(context.lastReply === undefined ? {} : { lastReply: context.lastReply }),
    previousSelection,
    previousOrder,
    calledTools,
    recentRanTools: turn.snapshot.recentRanTools,
  });
  if (chosen.call !== null) ledger.record(chosen.call);
  const selected = chosen.order;
  const sent = chosen.tools.map((tool) => tool.name);
  if (
    JSON.stringify(selected) !== JSON.stringify(previousSelection) ||
    JSON.stringify(sent) !== JSON.stringify(previousOrder)
  ) {
    await deps.store.setSelectedTools({ ...turn.scope, tools: selected, order: sent });
  }
  logToolListChange(deps, turn, chosen, previousSelection);
  return chosen;
}

/** Step 3, run: the model steps and the tools they call, each call billed as soon as it returns. */
function run(
  deps: TurnDependencies,
  learning: Learning,
  input: SendMessageInput,
  { budget, context, cacheTtl, journal, calledTools }: Loaded,
  chosen: ChosenTools,
  ledger: TurnLedger,
  turnKey: string,
  signal: AbortSignal,
): Promise<ModelStepsResult> {
  return runModelSteps(deps, {
    userId: input.userId,
    conversationId: input.conversationId,
    userMessage: { role: 'user', content: [{ type: 'text', text: input.text }] },
    userTurns: [...context.recentUserTurns, input.text],
    calledTools,
    summary: context.memory.summary === '' ? null : { text: context.memory.summary },
    storedWindow: context.storedWindow,
    lastStoredSeq: context.lastStoredSeq,
    storedHistoryTokens: context.storedHistoryTokens,
    pinnedAssets: context.pinnedAssets,
    exposedAssets: context.exposedAssets,
    domainTools: chosen.tools,
    toolsByUse: chosen.order,
    correction: learning.correction,
    withheldCachePoints: learning.withheld,
    cacheTtl,
    onEvent: guardListener(input.onEvent, deps),
    onCall: (call) => ledger.record(call),
    turnKey,
    journal,
    signal,
    beforeCall: budget.beforeCall,
  });
}

/** Step 4, update: bills the calls, stores the turn with its answer, logs it and says whether a summary is due. */
async function update(
  deps: TurnDependencies,
  turn: LockedTurn,
  { context }: Loaded,
  chosen: ChosenTools,
  steps: ModelStepsResult,
  ledger: TurnLedger,
): Promise<TurnOutcome> {
  ledger.settle(context.memory.summaryTokens);
  const sent = steps.domainTools.map((tool) => tool.name);
  const order = orderToolsByUse({
    offered: sent,
    previousOrder: chosen.order,
    calledThisTurn: listCalledTools(steps.run),
  });
  // Tools called (the least recently used go first) or a find_tools answer that changed the list mid-turn: the next
  // turn starts from it (and reads its cached prefix). Stored with the turn, in its transaction.
  const reordered = JSON.stringify(order) !== JSON.stringify(chosen.order);
  const result: TurnResult = {
    message: { id: deps.createId(), role: 'assistant', text: steps.finalText },
    usage: sumBilledUsage(ledger.rows),
  };
  const stored = await storeTurn(deps, {
    ...turn.scope,
    turnId: turn.turnId,
    idempotencyKey: turn.idempotencyKey,
    session: context.session,
    steps,
    usage: ledger.rows,
    result,
    ...(reordered ? { selectedTools: order } : {}),
    // A find_tools answer added tools after the offered ones: the next turn sends them in that order.
    ...(JSON.stringify(sent) === JSON.stringify(chosen.tools.map((tool) => tool.name)) ? {} : { toolOrder: sent }),
  });
  await closeTurnJournal(deps, turn.scope, turn.idempotencyKey);
  const ran = listRanTools(steps.run, steps.refused);
  await recordToolCoUse(deps, ran);
  await recordRanTools(deps, turn.scope, {
    ran,
    offeredAtStart: chosen.tools.map((tool) => tool.name),
    staples: chosen.staples,
  });
  logTurn(deps, turn, context, chosen, steps, result);
  return { result, summaryDue: isSummaryDue(deps.settings, afterTurn(context, stored)) };
}

/** Every uncovered message once this turn is stored: what decides whether a summary refresh is due. */
function afterTurn(context: TurnContext, stored: readonly StoredMessage[]) {
  return [
    ...context.uncovered,
    ...stored.map((message) => ({ seq: message.seq, message: { role: message.role, content: message.content } })),
  ];
}

/** Throws AppError: not_found, conflict (turn running / key in use), over_budget, model_* and store_* codes. */
export async function runTurn(
  deps: TurnDependencies,
  input: SendMessageInput,
  shutdown?: AbortSignal,
): Promise<TurnOutcome> {
  const scope = { ownerId: input.userId, conversationId: input.conversationId };
  const key = input.idempotencyKey;
  const earlier = key === undefined ? null : await claimIdempotencyKey(deps, scope, key, input.text);
  if (earlier !== null) return { result: earlier, summaryDue: false };
  const turn = await lockTurn(deps, scope, key);
  const learning = await loadLearning(deps, scope);
  const ledger = createTurnLedger(deps, learning, { turnId: turn.turnId, conversationId: input.conversationId });
  // The lease is renewed while the turn runs; its deadline, a lost lock or shutdown end it through `watch.signal`.
  const watch = watchTurn(deps, turn, shutdown);
  try {
    return await watch.race((async () => {
      const loaded = await load(deps, turn, input.text, ledger);
      const chosen = await build(deps, turn, input.text, loaded, ledger);
      const steps = await run(deps, learning, input, loaded, chosen, ledger, key ?? turn.turnId, watch.signal);
      watch.signal.throwIfAborted();
      watch.commit();
      const outcome = await update(deps, turn, loaded, chosen, steps, ledger);
      await saveLearning(deps, scope, learning);
      return outcome;
    })());
  } catch (error) {
    await abandonTurn(deps, turn, ledger, error);
    await saveLearning(deps, scope, learning);
    throw error;
  } finally {
    watch.stop();
  }
}
