// Imports QA-annotated multi-session conversations in LoCoMo's layout (sessions of turns with dia_id; qa items with
// question/answer/evidence) into the memory-eval format.
import type { MemoryConversation, MemoryMessage, MemoryQuestion } from './memory-format.ts';
import { parseMemoryConversation } from './memory-format.ts';

export type ImportLocomoOptions = {
  /** Keep only the first this many sessions of each conversation (questions whose evidence is later are dropped). */
  readonly maxSessions?: number;
  /** Keep only these sample ids (in this order); default every sample. */
  readonly sampleIds?: readonly string[];
};
export type ImportLocomoResult = {
  readonly conversations: readonly MemoryConversation[];
  readonly problems: readonly { readonly where: string; readonly message: string }[];
  readonly notes: readonly string[];
};

/** Turns within one session are this far apart (the source dates sessions, not turns). */
const TURN_SPACING_MS = 45_000;
const MONTHS = new Map(
  'january february march april may june july august september october november december'.split(' ')
    .map((name, index) => [name, index]),
);

/** "1:56 pm on 8 May, 2023" → epoch ms (read as UTC), or undefined. */
export function parseLocomoDate(text: string): number | undefined {
  const match = /^(\d{1,2}):(\d{2})\s*(am|pm)\s+on\s+(\d{1,2})\s+([A-Za-z]+),?\s+(\d{4})$/i.exec(text.trim());
  if (match === null) return undefined;
  const month = MONTHS.get((match[5] as string).toLowerCase());
  if (month === undefined) return undefined;
  const hour = (Number(match[1]) % 12) + ((match[3] as string).toLowerCase() === 'pm' ? 12 : 0);
  return Date.UTC(Number(match[6]), month, Number(match[4]), hour, Number(match[2]));
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function turnText(turn: Record<string, unknown>): string {
  const text = typeof turn['text'] === 'string' ? turn['text'].trim() : '';
  const caption = typeof turn['blip_caption'] === 'string' ? turn['blip_caption'].trim() : '';
  return caption === '' ? text : `${text} [shares a photo: ${caption}]`.trim();
}

type Converted = { conversation?: MemoryConversation; problem?: string; notes: string[] };

function convertSample(sample: Record<string, unknown>, maxSessions: number): Converted {
  const id = typeof sample['sample_id'] === 'string' ? sample['sample_id'] : '';
  const dialogue = sample['conversation'];
  if (id === '' || !isRecord(dialogue)) return { problem: 'needs sample_id and a conversation object', notes: [] };
  const sessionNumbers = Object.keys(dialogue).flatMap((key) => {
    const match = /^session_(\d+)$/.exec(key);
    return match === null ? [] : [Number(match[1])];
  }).sort((a, b) => a - b).slice(0, maxSessions);
  const messages: MemoryMessage[] = [];
  let firstSpeaker: string | undefined;
  let lastAt = Number.NEGATIVE_INFINITY;
  for (const number of sessionNumbers) {
    const dateText = String(dialogue[`session_${number}_date_time`] ?? '');
    const start = parseLocomoDate(dateText);
    if (start === undefined) return { problem: `session_${number}: unreadable date "${dateText}"`, notes: [] };
    const turns = dialogue[`session_${number}`];
    if (!Array.isArray(turns)) return { problem: `session_${number} is not a list of turns`, notes: [] };
    turns.filter(isRecord).forEach((turn, index) => {
      const text = turnText(turn);
      const speaker = String(turn['speaker'] ?? '');
      const diaId = String(turn['dia_id'] ?? '');
      if (text === '' || diaId === '') return;
      firstSpeaker ??= speaker;
      lastAt = Math.max(lastAt, start + index * TURN_SPACING_MS);
      messages.push({
        id: diaId,
        at: new Date(lastAt).toISOString(),
        role: speaker === firstSpeaker ? 'user' : 'assistant',
        // The session's date leads its first message: the source gives it to readers the same way.
        text: index === 0 ? `[${dateText}] ${text}` : text,
      });
    });
  }
  const known = new Set(messages.map((message) => message.id));
  const notes: string[] = [];
  const questions: MemoryQuestion[] = [];
  const qa = Array.isArray(sample['qa']) ? sample['qa'].filter(isRecord) : [];
  let unanswered = 0;
  let outside = 0;
  qa.forEach((item, index) => {
    if (item['answer'] === undefined || item['answer'] === null || typeof item['question'] !== 'string') {
      unanswered += 1;
      return;
    }
    const evidence = (Array.isArray(item['evidence']) ? item['evidence'] : []).flatMap((entry) =>
      String(entry).split(/[;,]\s*/).map((part) => part.trim()).filter((part) => part !== '')
    );
    const sessions = evidence.map((ref) => Number(/^D(\d+):/.exec(ref)?.[1] ?? Number.NaN));
    if (sessions.some((number) => !sessionNumbers.includes(number))) {
      outside += 1;
      return;
    }
    questions.push({
      id: `${id}-q${index + 1}`,
      question: item['question'].trim(),
      answer: String(item['answer']).trim(),
      evidence: evidence.filter((ref) => known.has(ref)),
      ...(item['category'] === undefined ? {} : { category: String(item['category']) }),
    });
  });
  if (unanswered > 0) notes.push(`${id}: ${unanswered} questions without an answer (adversarial) left out`);
  if (outside > 0) notes.push(`${id}: ${outside} questions whose evidence lies outside the kept sessions left out`);
  const speakers = [dialogue['speaker_a'], dialogue['speaker_b']].map(String);
  const user = firstSpeaker ?? speakers[0] ?? '';
  const candidate = {
    id,
    source: `LoCoMo ${id}, sessions ${sessionNumbers[0]}-${sessionNumbers.at(-1)}`,
    messages,
    questions,
    meta: { speakers: { user, assistant: speakers.find((name) => name !== user) ?? '' } },
  };
  const checked = parseMemoryConversation(candidate);
  return checked.ok ? { conversation: checked.conversation, notes } : { problem: checked.message, notes };
}

/**
 * Converts every sample of a LoCoMo-layout file (a list of samples, or one). The first speaker of a conversation is the
 * user, the other the assistant; a session's turns are 45 s apart from its recorded date (UTC); the session date leads
 * its first message; a photo turn carries its caption. Questions without an `answer` (LoCoMo's adversarial category)
 * are left out and counted. Each sample gives one conversation or one problem. Never throws.
 */
export function importLocomo(value: unknown, options: ImportLocomoOptions = {}): ImportLocomoResult {
  const samples = (Array.isArray(value) ? value : [value]).filter(isRecord);
  const wanted = options.sampleIds === undefined
    ? samples
    : options.sampleIds.flatMap((id) => samples.filter((sample) => sample['sample_id'] === id));
  const conversations: MemoryConversation[] = [];
  const problems: { where: string; message: string }[] = [];
  const notes: string[] = [];
  for (const [index, sample] of wanted.entries()) {
    const converted = convertSample(sample, options.maxSessions ?? Number.POSITIVE_INFINITY);
    notes.push(...converted.notes);
    if (converted.conversation !== undefined) conversations.push(converted.conversation);
    else {problems.push({
        where: String(sample['sample_id'] ?? `sample ${index + 1}`),
        message: converted.problem ?? '',
      });}
  }
  for (const id of options.sampleIds ?? []) {
    if (!samples.some((sample) => sample['sample_id'] === id)) problems.push({ where: id, message: 'no such sample' });
  }
  return { conversations, problems, notes };
}
