// One question at its point in the conversation: the turn loop builds the real prompt (caught before it is sent), the
// evidence is located (window, summary range, gone), and with an answering model both contexts are asked and scored.
import type { ModelCaller } from '../../src/bedrock/call-model.ts';
import { estimateRequestTokens } from '../../src/pipeline/tokens/index.ts';
import type { Message, PromptMessage, PromptRequest } from '../../src/pipeline/types/index.ts';
import type { MemoryRecord } from '../../src/store/store-records.ts';
import { SUMMARY_LEAD } from '../../src/pipeline/summary/index.ts';
import { priceUsage } from '../replay/price-usage.ts';
import type { MemoryQuestion } from './memory-format.ts';
import { answerF1, lexicalRetention } from './score-answer.ts';

export type EvidenceStatus = 'window' | 'summary' | 'gone';
export type AnswerFigures = {
  readonly text: string;
  readonly f1: number;
  readonly costUSD: number;
  readonly inputTokens: number;
  readonly error?: string;
};
export type QuestionResult = {
  readonly id: string;
  readonly category?: string;
  readonly question: string;
  readonly answer: string;
  readonly evidence: readonly { readonly id: string; readonly status: EvidenceStatus }[];
  /** Share of the gold answer's content words in the context (summary, window, pinned assets); null: none to find. */
  readonly lexicalRetention: number | null;
  /** Estimated input tokens of tokenwise's prompt for the question. */
  readonly contextTokens: number;
  /** Set when no prompt could be built (the turn failed before its main call). */
  readonly error?: string;
  readonly ours?: AnswerFigures;
  readonly full?: AnswerFigures;
};

/** Both contexts get the question in these words, so the answers differ only by what the context holds. */
export function phraseQuestion(question: string): string {
  return `Answer from our conversation, in a short phrase, using its exact words where you can: ${question}`;
}

/** Answers are short phrases: this is plenty, and keeps a rambling answer from costing much. */
export const ANSWER_MAX_TOKENS = 200;

function blockTexts(message: PromptMessage | Message): string[] {
  return message.content.flatMap((block) => {
    if (block.type === 'text') return [block.text];
    if (block.type === 'tool_use') return [JSON.stringify(block.input) ?? ''];
    if (block.type === 'tool_result') return [block.text];
    return [];
  });
}

/**
 * The context of a caught prompt: every message's text except the question itself (the last user message's last
 * text); `withSummary: false` also leaves out the summary block (what is left is the window and pinned assets).
 */
export function contextText(request: PromptRequest, options: { readonly withSummary: boolean }): string {
  const texts = request.messages.map((message) => blockTexts(message));
  const last = texts.at(-1);
  if (last !== undefined) last.pop();
  return texts.flat().filter((text) => options.withSummary || !text.startsWith(SUMMARY_LEAD)).join('\n');
}

export type EvidenceLookup = {
  readonly seq: number | undefined;
  /** The stored message's text (the merged turn), undefined when the turn was never stored. */
  readonly text: string | undefined;
};

/**
 * Window when the stored message's text is in the prompt outside the summary (`windowText`); summary when the summary
 * covers its seq outside any gap; else gone.
 */
export function locateEvidence(lookup: EvidenceLookup, windowText: string, memory: MemoryRecord): EvidenceStatus {
  if (lookup.seq === undefined || lookup.text === undefined) return 'gone';
  if (windowText.includes(lookup.text)) return 'window';
  const seq = lookup.seq;
  const inGap = memory.gaps.some((gap) => gap.fromSeq <= seq && seq <= gap.toSeq);
  return seq <= memory.coversUpToSeq && !inGap ? 'summary' : 'gone';
}

async function answer(models: ModelCaller, request: PromptRequest, gold: string): Promise<AnswerFigures> {
  const sent: PromptRequest = { ...request, maxTokens: ANSWER_MAX_TOKENS };
  try {
    const reply = await models.converse(sent);
    const text = reply.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join(' ').trim();
    const usage = reply.usage;
    return {
      text,
      f1: answerF1(text, gold),
      costUSD: priceUsage(usage, sent.modelId).totalUsd,
      inputTokens: usage.inputTokens + usage.cacheReadInputTokens + usage.cacheWriteInputTokens,
    };
  } catch (error) {
    return {
      text: '',
      f1: 0,
      costUSD: 0,
      inputTokens: 0,
      error: error instanceof Error ? error.message : String(error),
    };
  }
}

/** The full-history request: every message so far (merged turns, alternating), then the question. */
export function buildFullHistoryRequest(input: {
  readonly modelId: string;
  readonly system: string;
  readonly history: readonly Message[];
  readonly question: string;
}): PromptRequest {
  const messages: Message[] = [...input.history];
  const ask = { type: 'text' as const, text: phraseQuestion(input.question) };
  const last = messages.at(-1);
  if (last?.role === 'user') messages[messages.length - 1] = { role: 'user', content: [...last.content, ask] };
  else messages.push({ role: 'user', content: [ask] });
  return {
    modelId: input.modelId,
    system: input.system.trim() === '' ? [] : [{ type: 'text', text: input.system }],
    tools: [],
    messages,
    maxTokens: ANSWER_MAX_TOKENS,
    temperature: 0,
  };
}

export type ScoreQuestionInput = {
  readonly question: MemoryQuestion;
  readonly caught: PromptRequest | undefined;
  readonly failure?: string;
  readonly memory: MemoryRecord;
  readonly evidence: ReadonlyMap<string, EvidenceLookup>;
  /** Set to ask both contexts (live Bedrock, or the simulator to check the plumbing). */
  readonly answering?: { readonly models: ModelCaller; readonly fullHistory: PromptRequest };
};

/** Figures of one question from the prompt the turn loop built for it. Answers are asked only with `answering`. */
export async function scoreQuestion(input: ScoreQuestionInput): Promise<QuestionResult> {
  const { question, caught } = input;
  const base = {
    id: question.id,
    ...(question.category === undefined ? {} : { category: question.category }),
    question: question.question,
    answer: question.answer,
  };
  if (caught === undefined) {
    return {
      ...base,
      evidence: question.evidence.map((id) => ({ id, status: 'gone' as const })),
      lexicalRetention: null,
      contextTokens: 0,
      error: input.failure ?? 'the turn failed before its main call',
    };
  }
  const context = contextText(caught, { withSummary: true });
  const windowText = contextText(caught, { withSummary: false });
  const result: QuestionResult = {
    ...base,
    evidence: question.evidence.map((id) => ({
      id,
      status: locateEvidence(input.evidence.get(id) ?? { seq: undefined, text: undefined }, windowText, input.memory),
    })),
    lexicalRetention: lexicalRetention(question.answer, context),
    contextTokens: estimateRequestTokens(caught),
  };
  if (input.answering === undefined) return result;
  // Memory is the question, not the tools: both sides answer without any, so neither spends its answer on a tool call.
  const withoutTools: PromptRequest = {
    modelId: caught.modelId,
    tools: [],
    system: caught.system,
    messages: caught.messages,
    maxTokens: ANSWER_MAX_TOKENS,
    ...(caught.temperature === undefined ? {} : { temperature: caught.temperature }),
  };
  const ours = await answer(input.answering.models, withoutTools, question.answer);
  const full = await answer(input.answering.models, input.answering.fullHistory, question.answer);
  return { ...result, ours, full };
}
