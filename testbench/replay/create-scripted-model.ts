// The replayed main model: plays the recorded steps, but calls only tools its request offers (a real model cannot call
// any other), searching once per turn with find_tools when a recorded tool is missing; every recorded call gets a verdict.
import type { ModelCaller } from '../../src/bedrock/call-model.ts';
import { FIND_TOOLS_NAME, SELECT_TOOLS_NAME } from '../../src/pipeline/tool-selection/index.ts';
import { isCachePoint, type PromptRequest, type ToolDefinition } from '../../src/pipeline/types/index.ts';
import type { ScriptItem, Simulator } from '../simulator/index.ts';
import type { Exchange } from './group-exchanges.ts';

/** The built-in search tool (input `{ query }`, the tools it finds offered from the next step). */
export { FIND_TOOLS_NAME };

/**
 * What became of one recorded tool call: offered on the first try; not offered, then offered after the model's
 * find_tools search (recovered); or missed (never called, never executed).
 */
export type ToolCallVerdict = {
  readonly name: string;
  /** The recorded step (model call) of the exchange it belongs to, from 0. */
  readonly step: number;
  readonly verdict: 'offered' | 'recovered' | 'missed';
  /**
   * Why a miss: the request offered no find_tools; the search for it did not bring the tool; the turn's searches
   * were already spent (two per turn); or the turn ended before the model got to the call (step cap, failed call).
   */
  readonly reason?: 'no-find-tools' | 'not-found' | 'search-spent' | 'not-reached';
  /** The tools the request offered when the call was first due (absent when never reached). */
  readonly offered?: readonly string[];
  /** For a call not offered when first due: how that turn's list was chosen (see SelectionMiss). */
  readonly selection?: SelectionMiss;
};

/**
 * Where the first try went wrong: the turn's list came without asking the cheap model (kept, or changed by the local
 * rules); the cheap model was asked but no shortlist it saw held the tool; or one held it and the model did not pick it.
 */
export type SelectionMiss = 'no-selector-call' | 'not-shortlisted' | 'not-picked';

export type ScriptedModel = {
  readonly caller: ModelCaller;
  /** Starts a user turn: the recorded steps to play, and the user's words (the only query the model searches with). */
  begin(exchange: Exchange): void;
  /**
   * Ends the turn: one verdict per recorded tool call, in recorded order (calls never reached are misses), and the
   * recorded steps the service never asked for.
   */
  finish(): { readonly verdicts: readonly ToolCallVerdict[]; readonly stepsLeft: number };
};

/**
 * What the replayed model writes into find_tools: `user-words` = the user's latest message (a lower bound: a real model
 * rarely searches with "yes, that's fine"); `intent` = the missing tool's action words (its name split into words, the
 * provider or catalogue prefix dropped: never its description or arguments), near what a real model would ask.
 */
export type FindToolsQuery = 'user-words' | 'intent';

/** A real model searches again for a different need: one search per missing call, at most this many per turn. */
export const MAX_SEARCHES_PER_TURN = 2;

/**
 * The action words of a tool name: split at `_`, `-`, `.` and camelCase, lower-cased, with leading words that are one of
 * the tool's tags or a number dropped (`hotels_1_reserve_hotel` tagged hotels → "reserve hotel"; `airline_list_all_airports`
 * → "list all airports"; `displayCarStatus` → "display car status"). Pure.
 */
export function intentQuery(name: string, tags: readonly string[]): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().split(/[\s_.-]+/).filter((word) =>
    word !== ''
  );
  const prefixes = new Set(tags.map((tag) => tag.toLowerCase()));
  let start = 0;
  while (start < words.length - 1 && (prefixes.has(words[start] ?? '') || /^\d+$/.test(words[start] ?? ''))) start += 1;
  return words.slice(start).join(' ');
}

export type ScriptedModelOptions = {
  readonly simulator: Simulator;
  readonly mainModelId: string;
  /** Default `user-words`. */
  readonly query?: FindToolsQuery;
  /** A tool's tags (for the intent query's prefix); default none. */
  readonly tagsOf?: (name: string) => readonly string[];
  /** Called for each recorded call the model could not make (the replay drops its recorded output). */
  readonly onMiss?: (toolName: string) => void;
};

type Pending = {
  readonly name: string;
  readonly step: number;
  offered?: readonly string[];
  selection?: SelectionMiss;
  /** Not offered when first due, and the model searched. */
  searched?: boolean;
  verdict?: ToolCallVerdict;
};

/** The shortlist a selector request gives the cheap model (its select_tools enum); empty when it holds none. */
function shortlistOf(request: PromptRequest): readonly string[] {
  const tool = request.tools.find((entry): entry is ToolDefinition =>
    !isCachePoint(entry) && entry.name === SELECT_TOOLS_NAME
  );
  if (tool === undefined) return [];
  const properties = tool.inputSchema['properties'] as { tools?: { items?: { enum?: unknown } } } | undefined;
  const names = properties?.tools?.items?.enum;
  return Array.isArray(names) ? names.filter((name): name is string => typeof name === 'string') : [];
}

/** How a turn's list was chosen, for a call that list lacked (see SelectionMiss). */
function judgeSelection(name: string, shortlists: readonly (readonly string[])[]): SelectionMiss {
  if (shortlists.length === 0) return 'no-selector-call';
  return shortlists.some((shortlist) => shortlist.includes(name)) ? 'not-picked' : 'not-shortlisted';
}

/**
 * Wraps the caller the service uses. Before each main-model call it queues exactly one simulator answer, chosen from
 * the request's own tool list: the next recorded step with the calls whose tools are offered; when one is not offered,
 * the request offers find_tools, that call was not searched for yet and the turn has searched fewer than twice, a
 * find_tools call for it (query per `options.query`); a step left with no call is skipped. Never throws on its own;
 * selector and summariser calls pass through unscripted (the shortlists of selector calls are kept to judge a miss).
 */
export function createScriptedModel(inner: ModelCaller, options: ScriptedModelOptions): ScriptedModel {
  let exchange: Exchange | undefined;
  let cursor = 0;
  let searches = 0;
  let pending: Pending[] = [];
  /** The shortlists of the turn's selector calls so far. */
  let shortlists: (readonly string[])[] = [];
  const queryFor = (call: Pending, userText: string): string =>
    options.query === 'intent' ? intentQuery(call.name, options.tagsOf?.(call.name) ?? []) : userText;

  const decide = (request: PromptRequest): ScriptItem | undefined => {
    if (exchange === undefined) return undefined;
    const offered = request.tools.flatMap((tool) => (isCachePoint(tool) ? [] : [tool.name]));
    const available = new Set(offered);
    for (; cursor < exchange.steps.length; cursor += 1) {
      const reply = exchange.steps[cursor]?.reply;
      if (reply === undefined) break;
      const calls = pending.filter((call) => call.step === cursor);
      if (calls.length === 0) {
        cursor += 1;
        return { model: options.mainModelId, text: reply.text ?? '' };
      }
      for (const call of calls) {
        if (call.offered !== undefined) continue;
        call.offered = offered;
        if (!available.has(call.name)) call.selection = judgeSelection(call.name, shortlists);
      }
      const unsearched = calls.find((call) => !available.has(call.name) && call.searched !== true);
      if (unsearched !== undefined && searches < MAX_SEARCHES_PER_TURN && available.has(FIND_TOOLS_NAME)) {
        searches += 1;
        unsearched.searched = true;
        return {
          model: options.mainModelId,
          toolUses: [{ name: FIND_TOOLS_NAME, input: { query: queryFor(unsearched, exchange.user.text) } }],
        };
      }
      for (const call of calls) {
        const base = {
          name: call.name,
          step: call.step,
          offered: call.offered ?? offered,
          ...(call.selection === undefined ? {} : { selection: call.selection }),
        };
        if (!available.has(call.name)) {
          const reason = call.searched === true
            ? 'not-found'
            : available.has(FIND_TOOLS_NAME)
            ? 'search-spent'
            : 'no-find-tools';
          call.verdict = { ...base, verdict: 'missed', reason };
          options.onMiss?.(call.name);
        } else call.verdict = { ...base, verdict: call.searched === true ? 'recovered' : 'offered' };
      }
      const made = (reply.toolCalls ?? []).filter((recorded) => available.has(recorded.name));
      if (made.length === 0) continue;
      cursor += 1;
      return {
        model: options.mainModelId,
        ...(reply.text === undefined ? {} : { text: reply.text }),
        toolUses: made.map((recorded) => ({ id: recorded.id, name: recorded.name, input: recorded.input })),
      };
    }
    return undefined;
  };

  const script = (request: PromptRequest): void => {
    const forced = request.toolChoice?.type === 'tool' && request.toolChoice.name === SELECT_TOOLS_NAME;
    if (forced) shortlists.push(shortlistOf(request));
    if (forced || request.modelId !== options.mainModelId) return;
    options.simulator.script.clear();
    const item = decide(request);
    // An empty recorded text cannot be scripted: the simulator's default answer stands in.
    if (item !== undefined && (item.text !== '' || (item.toolUses?.length ?? 0) > 0)) {
      options.simulator.script.enqueue(item);
    }
  };

  return {
    caller: {
      converse: (request, callOptions) => {
        script(request);
        return inner.converse(request, callOptions);
      },
      converseStream: (request, callOptions) => {
        script(request);
        return inner.converseStream(request, callOptions);
      },
      countTokens: (request, callOptions) => inner.countTokens(request, callOptions),
    },
    begin(next) {
      exchange = next;
      cursor = 0;
      searches = 0;
      shortlists = [];
      pending = next.steps.flatMap((step, index) =>
        (step.reply.toolCalls ?? []).map((call) => ({ name: call.name, step: index }))
      );
    },
    finish() {
      const verdicts = pending.map((call): ToolCallVerdict => {
        if (call.verdict !== undefined) return call.verdict;
        options.onMiss?.(call.name);
        return { name: call.name, step: call.step, verdict: 'missed', reason: 'not-reached' };
      });
      const stepsLeft = Math.max(0, (exchange?.steps.length ?? 0) - cursor);
      exchange = undefined;
      pending = [];
      shortlists = [];
      options.simulator.script.clear();
      return { verdicts, stepsLeft };
    },
  };
}
