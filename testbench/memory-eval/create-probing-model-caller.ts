// Wraps the service's model caller for the memory eval: routes calls (recorded replies from the simulator, summaries
// and answers from the answering caller), records each call's usage, and can catch one main-model prompt instead of
// sending it, so a question is asked against exactly the context the turn loop built.
import type { ModelCaller } from '../../src/bedrock/call-model.ts';
import type { PromptRequest, Usage } from '../../src/pipeline/types/index.ts';

/** Thrown into the turn loop once the question's prompt is caught: the turn fails and stores nothing. */
export class PromptCaught extends Error {
  override readonly name = 'PromptCaught';
}

export type ProbedCall = { readonly kind: 'summariser' | 'other'; readonly modelId: string; readonly usage: Usage };

export type ProbingModelCaller = {
  readonly caller: ModelCaller;
  /** Arms the catch: the next main-model call is recorded and refused; `take()` returns its request. */
  arm(): void;
  takeCaught(): PromptRequest | undefined;
  /** Calls since the last take (summariser calls are recognised by their system text). */
  takeCalls(): readonly ProbedCall[];
};

export type ProbingOptions = {
  readonly mainModelId: string;
  /** Answers the main model's turns (the recorded replies: the simulator). */
  readonly replies: ModelCaller;
  /** Answers everything else: the summariser and selector (the simulator offline, Bedrock with --live). */
  readonly others: ModelCaller;
};

const SUMMARISER_LEAD = /^You (?:keep|shorten) the running memory/;

function isSummariser(request: PromptRequest): boolean {
  const first = request.system[0];
  return first !== undefined && first.type === 'text' && SUMMARISER_LEAD.test(first.text);
}

/** Invariants: an armed catch takes exactly one main call; a caught call never reaches a model. */
export function createProbingModelCaller(options: ProbingOptions): ProbingModelCaller {
  let armed = false;
  let caught: PromptRequest | undefined;
  let calls: ProbedCall[] = [];
  const route = (request: PromptRequest): ModelCaller => {
    if (isSummariser(request) || request.modelId !== options.mainModelId) return options.others;
    if (armed) {
      armed = false;
      caught = request;
      throw new PromptCaught('the question prompt was caught for the memory eval');
    }
    return options.replies;
  };
  const record = (request: PromptRequest, usage: Usage) =>
    calls.push({ kind: isSummariser(request) ? 'summariser' : 'other', modelId: request.modelId, usage });
  return {
    caller: {
      converse: async (request, callOptions) => {
        const reply = await route(request).converse(request, callOptions);
        record(request, reply.usage);
        return reply;
      },
      converseStream: async (request, callOptions) => {
        const reply = await route(request).converseStream(request, callOptions);
        record(request, reply.usage);
        return reply;
      },
      countTokens: (request, callOptions) => route(request).countTokens(request, callOptions),
    },
    arm() {
      armed = true;
      caught = undefined;
    },
    takeCaught() {
      const request = caught;
      caught = undefined;
      armed = false;
      return request;
    },
    takeCalls() {
      const taken = calls;
      calls = [];
      return taken;
    },
  };
}
