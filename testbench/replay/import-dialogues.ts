// Imports plain two-party dialogues: `User:`/`Assistant:` text (blank line between dialogues) or JSON `[{ speaker, text }]`.
import type { UntimedConversation, UntimedTurn } from './assign-timestamps.ts';
import { timeConversations } from './assign-timestamps.ts';
import { parseConversation } from './conversation-format.ts';
import type { Conversation } from './conversation-format.ts';
import type { ImportProblem, ImportResult } from './import-openai-log.ts';

/** Speaker names accepted (case-insensitive) and the role each stands for. */
export const SPEAKER_ROLES: Readonly<Record<string, 'user' | 'assistant'>> = {
  user: 'user',
  human: 'user',
  customer: 'user',
  client: 'user',
  assistant: 'assistant',
  ai: 'assistant',
  bot: 'assistant',
  agent: 'assistant',
  model: 'assistant',
};
const SPEAKER_LINE = /^\s*([A-Za-z]+)\s*:\s?(.*)$/;
const ID_LINE = /^#\s*id\s*:\s*(\S+)\s*$/i;

type Utterance = { readonly speaker: string; readonly text: string };
type RawDialogue = { readonly where: string; readonly id?: string; readonly utterances: readonly Utterance[] };

export type ImportDialoguesOptions = { readonly idPrefix: string; readonly startAt: number; readonly source?: string };

/**
 * Imports every dialogue of a file. Text form: a line `Speaker: words` starts an utterance, a following line without
 * a known speaker continues it, `#` lines are comments (`# id: name` names the dialogue), blank lines end a dialogue.
 * JSON form: one dialogue `[{ speaker, text }]` or a list of them. Consecutive utterances of one side are merged.
 * Invariants: each dialogue yields one conversation or one problem naming it; a dialogue must open with the user.
 */
export function importDialogues(text: string, options: ImportDialoguesOptions): ImportResult {
  const { dialogues, problems } = text.trimStart().startsWith('[') ? readJsonDialogues(text) : readTextDialogues(text);
  const allProblems: ImportProblem[] = [...problems];
  const untimed = dialogues.flatMap((dialogue, index) => {
    const built = buildConversation(dialogue, `${options.idPrefix}-${index + 1}`, options.source);
    if (typeof built === 'string') allProblems.push({ where: dialogue.where, message: built });
    return typeof built === 'string' ? [] : [built];
  });
  const conversations: Conversation[] = [];
  for (const conversation of timeConversations(untimed, { startAt: options.startAt })) {
    const checked = parseConversation(conversation);
    if (checked.ok) conversations.push(checked.conversation);
    else allProblems.push({ where: conversation.id, message: checked.message });
  }
  return { conversations, problems: allProblems, notes: [] };
}

function buildConversation(
  dialogue: RawDialogue,
  fallbackId: string,
  source: string | undefined,
): UntimedConversation | string {
  const turns: { role: 'user' | 'assistant'; text: string }[] = [];
  for (const utterance of dialogue.utterances) {
    const role = SPEAKER_ROLES[utterance.speaker.toLowerCase()];
    if (role === undefined) return `unknown speaker "${utterance.speaker}" (use User or Assistant)`;
    const text = utterance.text.trim();
    if (text === '') continue;
    const last = turns.at(-1);
    if (last?.role === role) last.text = `${last.text}\n${text}`;
    else turns.push({ role, text });
  }
  if (turns.length === 0) return 'no utterances';
  if (turns[0]?.role !== 'user') return 'starts with the assistant: a replay needs the user to speak first';
  const untimedTurns: readonly UntimedTurn[] = turns;
  return { id: dialogue.id ?? fallbackId, ...(source === undefined ? {} : { source }), turns: untimedTurns };
}

function readTextDialogues(text: string): { dialogues: RawDialogue[]; problems: ImportProblem[] } {
  const dialogues: RawDialogue[] = [];
  const problems: ImportProblem[] = [];
  let current:
    | { where: string; id?: string; utterances: { speaker: string; text: string }[]; broken: boolean }
    | undefined;
  const finish = () => {
    if (current !== undefined && !current.broken && (current.utterances.length > 0 || current.id !== undefined)) {
      dialogues.push({
        where: current.where,
        ...(current.id === undefined ? {} : { id: current.id }),
        utterances: current.utterances,
      });
    }
    current = undefined;
  };
  text.split(/\r?\n/).forEach((line, index) => {
    if (line.trim() === '') return finish();
    current ??= { where: `dialogue at line ${index + 1}`, utterances: [], broken: false };
    const idMatch = ID_LINE.exec(line);
    if (idMatch?.[1] !== undefined) current.id = idMatch[1];
    if (line.trimStart().startsWith('#')) return;
    const speaker = SPEAKER_LINE.exec(line);
    const last = current.utterances.at(-1);
    if (speaker?.[1] !== undefined && SPEAKER_ROLES[speaker[1].toLowerCase()] !== undefined) {
      current.utterances.push({ speaker: speaker[1], text: speaker[2] ?? '' });
    } else if (last !== undefined) last.text = `${last.text}\n${line}`;
    else if (!current.broken) {
      current.broken = true;
      problems.push({ where: current.where, message: `line ${index + 1} does not start with "User:" or "Assistant:"` });
    }
  });
  finish();
  return { dialogues, problems };
}

function readJsonDialogues(text: string): { dialogues: RawDialogue[]; problems: ImportProblem[] } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { dialogues: [], problems: [{ where: 'file', message: `invalid JSON: ${(error as Error).message}` }] };
  }
  const list: unknown[] = Array.isArray(value) && value.every(Array.isArray) ? value : [value];
  const dialogues: RawDialogue[] = [];
  const problems: ImportProblem[] = [];
  list.forEach((item, index) => {
    const where = `dialogue ${index + 1}`;
    const valid = Array.isArray(item) &&
      item.every((entry) => typeof entry?.speaker === 'string' && typeof entry?.text === 'string');
    if (valid) dialogues.push({ where, utterances: item as Utterance[] });
    else problems.push({ where, message: 'expected an array of { "speaker": string, "text": string }' });
  });
  return { dialogues, problems };
}
