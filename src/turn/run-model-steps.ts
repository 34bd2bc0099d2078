// The tool loop of one turn: call the main model, run the tools it asks for, call again, until it answers, loops or
// reaches the step cap.
import { AppError } from '../errors.ts';
import type { CacheLayer } from '../pipeline/assembly/index.ts';
import type { TokenCorrection } from '../pipeline/tokens/index.ts';
import type { AssetPair } from '../pipeline/assets/index.ts';
import type { ContentBlock, Message, ToolResultBlock, ToolUseBlock } from '../pipeline/types/index.ts';
import type { JournalStep } from '../store/store-records.ts';
import { isCachePoint } from '../pipeline/types/index.ts';
import { FIND_TOOLS_NAME, listCalledTools } from '../pipeline/tool-selection/index.ts';
import { addFoundTools } from './add-found-tools.ts';
import type { WindowMessage } from '../pipeline/window/index.ts';
import type { ToolSpec } from '../pipeline/tool-catalogue/index.ts';
import type { ModelCallRecord } from './account-model-call.ts';
import { buildMainPrompt, type MainPromptInput } from './build-main-prompt.ts';
import { callMainModel } from './call-main-model.ts';
import type { TurnEvent } from './chat-service.ts';
import { executeToolCalls } from './execute-tool-calls.ts';
import type { TurnDependencies } from './turn-dependencies.ts';
import { REPEATED_STEPS_LIMIT, watchRepeatedCalls } from './watch-repeated-calls.ts';

/** Said when the model answered with nothing at all (Bedrock rejects empty messages in the next request). */
export const EMPTY_REPLY_TEXT = '(no answer)';

export type ModelStepsInput = {
  readonly userId: string;
  readonly conversationId: string;
  readonly userMessage: Message;
  /** The conversation's last user turns, oldest first, this turn's last: find_tools reads the model's query in them. */
  readonly userTurns?: readonly string[];
  /** Tools the conversation called before this turn, most recent first (see listCalledTools). */
  readonly calledTools?: readonly string[];
  readonly summary: { readonly text: string } | null;
  /** Stored messages not covered by the summary that go into the prompt, oldest first. */
  readonly storedWindow: readonly WindowMessage[];
  readonly lastStoredSeq: number;
  readonly storedHistoryTokens: number;
  readonly pinnedAssets: readonly AssetPair[];
  readonly exposedAssets: Set<string>;
  /** The domain tools of the first step; a find_tools answer changes them for the steps after it. */
  readonly domainTools: readonly ToolSpec[];
  /** The same tools most recently used first (a find_tools answer replaces the least recently used); default: none. */
  readonly toolsByUse?: readonly string[];
  readonly correction: TokenCorrection;
  /** This turn's cache TTLs (chooseTurnCacheTtl). */
  readonly cacheTtl?: MainPromptInput['cacheTtl'];
  /** Cache layers this turn does not place (checkpoints that kept writing without a read), with the reason. */
  readonly withheldCachePoints?: ReadonlyMap<CacheLayer, string>;
  readonly onEvent: (event: TurnEvent) => void;
  /** Called with each finished model call as soon as it returns, so a turn that fails later still bills it. */
  readonly onCall?: (call: ModelCallRecord) => void;
  /** What names this turn across retries (its Idempotency-Key, else its id): HTTP tools' keys derive from it. */
  readonly turnKey: string;
  /** The turn journal of a turn with an Idempotency-Key: recorded steps are replayed, new ones recorded. */
  readonly journal?: TurnJournal | undefined;
  /** Aborted when the turn must end (deadline, lost lock, shutdown): the model call is cut, no further step starts. */
  readonly signal?: AbortSignal | undefined;
  /** Asked before each main call: an error refuses it (thrown on the first step; later steps end the turn with its message). */
  readonly beforeCall?: (next: { readonly modelId: string; readonly inputTokens: number }) => Promise<AppError | null>;
};

/**
 * What an earlier attempt of this turn did, and how this attempt records what it does: a recorded step is replayed
 * (no model call) with its recorded results (no tool runs again); every new step that asks for tools is recorded
 * before its tools run, and each result as soon as it returns.
 */
export type TurnJournal = {
  readonly steps: readonly JournalStep[];
  recordStep(step: number, assistant: readonly ContentBlock[]): Promise<void>;
  recordResult(step: number, result: ToolResultBlock): Promise<void>;
};

export type ModelStepsResult = {
  /** This turn's messages in order: the user's, then assistant/tool-result pairs, ending with the assistant's answer. */
  readonly run: readonly Message[];
  readonly finalText: string;
  readonly calls: readonly ModelCallRecord[];
  /** First exposures of assets, with the index in `run` of the message holding their toolResult. */
  readonly firstExposures: readonly {
    readonly assetId: string;
    readonly toolUseId: string;
    readonly runIndex: number;
  }[];
  /** The domain tools of the last step: `domainTools` unless a find_tools answer changed them (persist them then). */
  readonly domainTools: readonly ToolSpec[];
  /** Tool calls refused because the request did not offer their tool. */
  readonly refused: readonly string[];
  /** Why the loop ended: the model answered, or the turn was stopped (logged with the turn). */
  readonly stoppedBy: 'answer' | 'step-cap' | 'repeated-calls' | 'budget';
};

/** Steps that only call find_tools, per turn, that do not count against maxToolSteps. */
const FREE_SEARCH_STEPS = 2;

function stepLimitText(steps: number): string {
  return `I stopped after ${steps} tool steps without finishing. Tell me how you would like to continue.`;
}

const REPEAT_TEXT = 'I stopped: my last steps only repeated calls I had already made in this turn. ' +
  'Tell me how you would like to continue.';

/** Runs the loop; throws AppError on a model failure (nothing is stored by this function). */
export async function runModelSteps(deps: TurnDependencies, input: ModelStepsInput): Promise<ModelStepsResult> {
  const run: Message[] = [input.userMessage];
  const calls: ModelCallRecord[] = [];
  const firstExposures: { assetId: string; toolUseId: string; runIndex: number }[] = [];
  const refused: string[] = [];
  let domainTools = input.domainTools;
  /** Set when a find_tools answer changed the domain tools: the next call's cache miss names it. */
  let toolsChangedBy: ModelCallRecord['toolsChangedBy'];
  let searchSteps = 0;
  let stoppedBy: ModelStepsResult['stoppedBy'] = 'answer';
  const repeats = watchRepeatedCalls(new Set([FIND_TOOLS_NAME]));
  for (let step = 1;; step += 1) {
    const window = [
      ...input.storedWindow,
      ...run.map((message, index) => ({ seq: input.lastStoredSeq + 1 + index, message })),
    ];
    const now = deps.clock();
    const prompt = buildMainPrompt(deps, {
      summary: input.summary,
      window,
      pinnedAssets: input.pinnedAssets,
      domainTools,
      storedHistoryTokens: input.storedHistoryTokens,
      runMessages: run,
      correction: input.correction,
      ...(input.withheldCachePoints === undefined ? {} : { withheldCachePoints: input.withheldCachePoints }),
      now,
      ...(input.cacheTtl === undefined ? {} : { cacheTtl: input.cacheTtl }),
    });
    input.signal?.throwIfAborted();
    const replayed = input.journal?.steps[step - 1];
    let content: readonly ContentBlock[];
    if (replayed !== undefined) {
      // An earlier attempt of this turn made this step: its answer is replayed, the model is not asked again.
      content = replayed.assistant;
      for (const block of content) if (block.type === 'text') input.onEvent({ type: 'delta', text: block.text });
    } else {
      const refusal = await input.beforeCall?.({
        modelId: prompt.request.modelId,
        inputTokens: prompt.report.tokens.total,
      }) ?? null;
      if (refusal !== null) {
        if (step === 1) throw refusal;
        // Stop cleanly: the tool results so far stay, and the answer says why the turn ends here.
        const text = `I stopped before finishing: ${refusal.message}`;
        stoppedBy = 'budget';
        run.push({ role: 'assistant', content: [{ type: 'text', text }] });
        input.onEvent({ type: 'delta', text });
        break;
      }
      const reply = await callMainModel(deps, prompt.request, input.onEvent, input.signal);
      const call: ModelCallRecord = {
        kind: 'main',
        request: prompt.request,
        reply,
        startedAt: now,
        naiveInputTokens: prompt.naiveInputTokens,
        fingerprint: prompt.fingerprint,
        ...(toolsChangedBy === undefined ? {} : { toolsChangedBy }),
        layers: prompt.layers,
      };
      toolsChangedBy = undefined;
      calls.push(call);
      input.onCall?.(call);
      content = reply.content.length > 0 ? reply.content : [{ type: 'text', text: EMPTY_REPLY_TEXT }];
    }
    run.push({ role: 'assistant', content });
    const toolUses = content.filter((block): block is ToolUseBlock => block.type === 'tool_use');
    if (toolUses.length === 0) break;
    // A step that only searches for tools is the way back from a missed selection, not work: it does not count
    // against the step limit (at most FREE_SEARCH_STEPS a turn).
    if (searchSteps < FREE_SEARCH_STEPS && toolUses.every((use) => use.name === FIND_TOOLS_NAME)) searchSteps += 1;
    const looping = repeats.observe(toolUses) >= REPEATED_STEPS_LIMIT;
    if (looping || step - searchSteps >= deps.settings.maxToolSteps) {
      // Every call still gets its result, so the stored history stays a valid Converse history.
      run.push({
        role: 'user',
        content: toolUses.map((use) => ({
          type: 'tool_result',
          toolUseId: use.id,
          text: looping
            ? 'Not run: this turn already made this call and got its result; answer with what you have.'
            : `Not run: this turn reached its limit of ${step} tool steps.`,
          status: 'error',
        })),
      });
      const text = looping ? REPEAT_TEXT : stepLimitText(step);
      stoppedBy = looping ? 'repeated-calls' : 'step-cap';
      run.push({ role: 'assistant', content: [{ type: 'text', text }] });
      input.onEvent({ type: 'delta', text });
      break;
    }
    input.signal?.throwIfAborted();
    const journal = input.journal;
    if (journal !== undefined && replayed === undefined) await journal.recordStep(step, content);
    const executed = await executeToolCalls(deps, {
      userId: input.userId,
      conversationId: input.conversationId,
      exposedAssets: input.exposedAssets,
      onEvent: input.onEvent,
      offered: new Set(prompt.request.tools.flatMap((tool) => (isCachePoint(tool) ? [] : [tool.name]))),
      turnKey: input.turnKey,
      userTurns: input.userTurns ?? [],
      calledTools: [...new Set([...listCalledTools(run), ...(input.calledTools ?? [])])],
      recorded: new Map((replayed?.results ?? []).map((result) => [result.toolUseId, result])),
      ...(journal === undefined ? {} : { onResult: (result: ToolResultBlock) => journal.recordResult(step, result) }),
    }, toolUses);
    run.push({ role: 'user', content: executed.results });
    for (const exposure of executed.firstExposures) firstExposures.push({ ...exposure, runIndex: run.length - 1 });
    refused.push(...executed.refused);
    const added = executed.found.length === 0 ? null : await addFoundTools(deps, {
      conversationId: input.conversationId,
      domainTools,
      found: executed.found,
      run,
      toolsByUse: input.toolsByUse ?? [],
    });
    if (added !== null) {
      domainTools = added;
      toolsChangedBy = 'find-tools';
    }
  }
  const finalText = run
    .filter((message) => message.role === 'assistant')
    .flatMap((message) => message.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])))
    .join('\n\n');
  return {
    run,
    finalText: finalText.length > 0 ? finalText : EMPTY_REPLY_TEXT,
    calls,
    firstExposures,
    domainTools,
    refused,
    stoppedBy,
  };
}
