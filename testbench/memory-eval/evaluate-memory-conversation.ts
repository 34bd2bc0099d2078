// Plays one QA-annotated conversation through the real chat service (store, turn loop, summariser) against the
// simulator, measures what each summary update kept, and asks every question where it is asked.
import type { ModelCaller } from '../../src/bedrock/call-model.ts';
import type { Message } from '../../src/pipeline/types/index.ts';
import type { StoredMessage } from '../../src/store/store-records.ts';
import { groupExchanges, type ReplayEnvironment } from '../replay/index.ts';
import { scriptExchange } from '../replay/script-exchange.ts';
import { startReplayService } from '../replay/start-replay-service.ts';
import {
  buildFullHistoryRequest,
  type EvidenceLookup,
  phraseQuestion,
  type QuestionResult,
  scoreQuestion,
} from './ask-question.ts';
import { createProbingModelCaller, type ProbedCall } from './create-probing-model-caller.ts';
import { addRetention, type FactRetention, measureFactRetention, NO_FACTS } from './measure-fact-retention.ts';
import type { MemoryConversation } from './memory-format.ts';
import { toReplayConversation } from './to-replay-conversation.ts';

export type ConversationMemoryFigures = {
  readonly id: string;
  readonly split?: string;
  readonly exchanges: number;
  readonly failedTurns: number;
  readonly summaryUpdates: number;
  readonly summaryGaps: number;
  readonly finalSummaryTokens: number;
  /** At each summary update: identifiers and dates of the newly covered messages, and how many the summary kept. */
  readonly factsAtEviction: FactRetention;
  /** At the end: identifiers and dates of every covered message, and how many the last summary still holds. */
  readonly factsAtEnd: FactRetention;
  /** Summariser calls: their usage priced (the simulator's usage offline). */
  readonly summariserCalls: number;
  readonly questions: readonly QuestionResult[];
};

export type EvaluateOptions = {
  readonly index: number;
  /** Summaries (and selector calls) go here; default the environment's models (the simulator). */
  readonly others?: ModelCaller;
  /** Set to ask every question of both contexts and score the answers. */
  readonly answering?: ModelCaller;
  readonly onProgress?: () => void;
};

/** Invariants: every exchange is sent once, in order; questions never store anything; background work is drained. */
export async function evaluateMemoryConversation(
  env: ReplayEnvironment,
  memory: MemoryConversation,
  options: EvaluateOptions,
): Promise<ConversationMemoryFigures> {
  const { clock, simulator, settings, store } = env;
  const plan = toReplayConversation(memory);
  const probing = createProbingModelCaller({
    mainModelId: settings.mainModelId,
    replies: env.models,
    others: options.others ?? env.models,
  });
  const { service, drain } = startReplayService(env, {
    models: probing.caller,
    handlers: env.standardHandlers,
    instructions: memory.system ?? '',
    idTag: `m${options.index}`,
  });
  const moveClock = (at: number): void => {
    if (simulator !== undefined && at > clock.now()) clock.set(at);
  };
  moveClock(Date.parse(memory.messages[0]?.at ?? ''));
  const { id: conversationId } = await service.createConversation({ userId: env.userId, title: memory.id });
  const scope = { ownerId: env.userId, conversationId };
  const seqs: { user?: number; assistant?: number }[] = [];
  const history: Message[] = [];
  const questions = new Map(memory.questions.map((question) => [question.id, question]));
  const results: QuestionResult[] = [];
  const calls: ProbedCall[] = [];
  let failedTurns = 0;
  let summaryUpdates = 0;
  let factsAtEviction = NO_FACTS;
  let covered = 0;
  let summaryVersion = 0;
  let lastSeq = 0;
  const exchanges = groupExchanges(plan.conversation);
  for (const [index, exchange] of exchanges.entries()) {
    moveClock(Date.parse(exchange.user.at));
    if (simulator !== undefined) scriptExchange(simulator, exchange, settings.mainModelId);
    const before = lastSeq;
    try {
      await service.sendMessage({ userId: env.userId, conversationId, text: exchange.user.text });
    } catch {
      failedTurns += 1;
    }
    await drain();
    simulator?.script.clear();
    simulator?.log.clear();
    lastSeq = (await store.loadUncovered({ ...scope, afterSeq: before })).at(-1)?.seq ?? before;
    const after = lastSeq;
    seqs[index] = after > before ? { user: before + 1, assistant: after } : {};
    history.push({ role: 'user', content: [{ type: 'text', text: exchange.user.text }] });
    const reply = exchange.steps.at(-1)?.reply.text;
    if (reply !== undefined) history.push({ role: 'assistant', content: [{ type: 'text', text: reply }] });
    const state = await store.loadMemory(scope);
    if (state.coversUpToSeq > covered) {
      const newlyCovered = await loadSeqRange(env, scope, covered + 1, state.coversUpToSeq);
      if (state.version !== summaryVersion && state.summary !== '') summaryUpdates += 1;
      factsAtEviction = addRetention(factsAtEviction, measureFactRetention(newlyCovered, state.summary));
      covered = state.coversUpToSeq;
    }
    summaryVersion = state.version;
    calls.push(...probing.takeCalls());
    for (const questionId of plan.questionsAfter.get(index) ?? []) {
      const question = questions.get(questionId);
      if (question === undefined) continue;
      probing.arm();
      let failure: string | undefined;
      try {
        await service.sendMessage({ userId: env.userId, conversationId, text: phraseQuestion(question.question) });
        failure = 'the question turn ran to the end without its prompt being caught';
      } catch (error) {
        if (!(error instanceof Error && error.name === 'PromptCaught')) {
          failure = error instanceof Error ? error.message : String(error);
        }
      }
      const caught = probing.takeCaught();
      await drain();
      const evidence = new Map<string, EvidenceLookup>();
      for (const id of question.evidence) {
        const place = plan.placeOf.get(id);
        const seq = place === undefined ? undefined : seqs[place.exchange]?.[place.role];
        const [stored] = seq === undefined ? [] : await store.loadMessagesBySeq({ ...scope, seqs: [seq] });
        evidence.set(id, { seq, text: stored === undefined ? undefined : readText(stored.content) });
      }
      results.push(
        await scoreQuestion({
          question,
          caught,
          ...(failure === undefined ? {} : { failure }),
          memory: await store.loadMemory(scope),
          evidence,
          ...(options.answering === undefined ? {} : {
            answering: {
              models: options.answering,
              fullHistory: buildFullHistoryRequest({
                modelId: settings.mainModelId,
                system: memory.system ?? '',
                history,
                question: question.question,
              }),
            },
          }),
        }),
      );
      probing.takeCalls();
      options.onProgress?.();
    }
    options.onProgress?.();
  }
  const final = await store.loadMemory(scope);
  const everyCovered = await loadSeqRange(env, scope, 1, final.coversUpToSeq);
  return {
    id: memory.id,
    ...(typeof memory.meta?.['split'] === 'string' ? { split: memory.meta['split'] } : {}),
    exchanges: exchanges.length,
    failedTurns,
    summaryUpdates,
    summaryGaps: final.gapCount,
    finalSummaryTokens: final.summaryTokens,
    factsAtEviction,
    factsAtEnd: measureFactRetention(everyCovered, final.summary),
    summariserCalls: calls.filter((call) => call.kind === 'summariser').length,
    questions: results,
  };
}

/** The store reads at most this many seqs at a time. */
const SEQS_PER_READ = 200;

/** Stored messages first..last (inclusive), read in chunks the store accepts. */
async function loadSeqRange(
  env: ReplayEnvironment,
  scope: { readonly ownerId: string; readonly conversationId: string },
  first: number,
  last: number,
): Promise<StoredMessage[]> {
  const messages: StoredMessage[] = [];
  for (let from = first; from <= last; from += SEQS_PER_READ) {
    const seqs = Array.from({ length: Math.min(SEQS_PER_READ, last - from + 1) }, (_, offset) => from + offset);
    messages.push(...await env.store.loadMessagesBySeq({ ...scope, seqs }));
  }
  return messages;
}

function readText(content: Message['content']): string {
  return content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n');
}
