// The selector's user message: the conversation's latest words and one compact line per candidate tool.
import { listParameters, type ToolSpec } from '../tool-catalogue/index.ts';

export const SELECT_TOOLS_NAME = 'select_tools';
/** Fixed, so the selector's system prompt is byte-identical on every call and can be cached. */
export const SELECTOR_SYSTEM_TEXT =
  'You choose which tools an assistant will need for the latest user message. Call select_tools once with the ' +
  'names of the tools needed to answer it, including tools needed first (logging in, looking up an id, changing ' +
  'directory). Prefer fewer tools when unsure between near-duplicates. Choose only from the candidates listed.';

/** Earlier user turns shown to the selector (most recent last); each cut to this many characters. */
const RECENT_TURNS_SHOWN = 2;
const TURN_CHARACTERS = 300;
const DESCRIPTION_CHARACTERS = 160;

export type RenderShortlistInput = {
  readonly shortlist: readonly string[];
  readonly query: string;
  readonly recentUserTurns: readonly string[];
  readonly catalogue: readonly ToolSpec[];
  readonly minTools: number;
  readonly maxTools: number;
};

function cut(text: string, limit: number): string {
  const flat = text.replace(/\s+/gu, ' ').trim();
  return flat.length <= limit ? flat : `${flat.slice(0, limit - 1)}…`;
}

/** First sentence of a description (up to the first ". " or the end), cut to a fixed length. */
export function firstSentence(description: string): string {
  const match = /^.*?[.!?](?=\s|$)/su.exec(description.trim());
  return cut(match?.[0] ?? description, DESCRIPTION_CHARACTERS);
}

/** `name(param, …): first sentence` for each shortlisted tool, in shortlist order; pure and deterministic. */
export function renderShortlist(input: RenderShortlistInput): string {
  const specs = new Map(input.catalogue.map((spec) => [spec.name, spec]));
  const lines = input.shortlist.map((name) => {
    const spec = specs.get(name);
    if (spec === undefined) return `- ${name}`;
    const parameters = listParameters(spec).map((parameter) => parameter.name);
    return `- ${name}(${parameters.join(', ')}): ${firstSentence(spec.description)}`;
  });
  const earlier = input.recentUserTurns.slice(-RECENT_TURNS_SHOWN).map((turn) => `- ${cut(turn, TURN_CHARACTERS)}`);
  return [
    ...(earlier.length > 0 ? ['Earlier user messages:', ...earlier, ''] : []),
    `Latest user message: ${input.query.trim()}`,
    '',
    `Candidate tools (choose ${input.minTools}-${input.maxTools}):`,
    ...lines,
  ].join('\n');
}
