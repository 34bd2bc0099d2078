// Tool output in JSON as terse prose for the summariser: `key: value` pairs without the quotes, braces and escapes that
// cost tokens and say nothing; every key and value kept verbatim, and quoted where it holds a separator.

/** Deeper levels are shown as "…": tool output is outside text, and a summary never needs what lies that deep. */
const MAX_DEPTH = 12;
/** Longer texts are left as they are (cut later anyway): parsing megabytes for a 300-token excerpt is waste. */
const MAX_PARSED_CHARS = 200_000;

/**
 * Characters that separate the rendering's parts: a text that holds one is quoted, so it reads as one value (a colon
 * is no separator after a key: "time: 10:30" reads as it should).
 */
const SEPARATOR = /[,;|()[\]]/;

/** A key or string value: bare, whitespace collapsed; quoted as JSON when empty or when it holds a separator. */
function renderText(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat === '' || SEPARATOR.test(flat) ? JSON.stringify(flat) : flat;
}

function renderValue(value: unknown, depth: number): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return renderText(value);
  if (typeof value !== 'object') return String(value);
  if (depth >= MAX_DEPTH) return '…';
  if (Array.isArray(value)) {
    if (value.length === 0) return 'none';
    return `[${value.map((item) => renderValue(item, depth + 1)).join(' | ')}]`;
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return 'none';
  const pairs = entries.map(([key, item]) => `${renderText(key)}: ${renderValue(item, depth + 1)}`);
  return depth === 0 ? pairs.join('; ') : `(${pairs.join(', ')})`;
}

/**
 * `text` as terse `key: value` prose when it is a JSON object or array ({"id": "4WQ150", "seats": [1, 2]} →
 * "id: 4WQ150; seats: [1 | 2]"; nested objects in parentheses, array items split by "|", an empty one "none",
 * whitespace inside strings collapsed, a key or string that is empty or holds one of , ; | ( ) [ ] quoted as JSON so it
 * still reads as one value); undefined for anything else (plain text, a bare JSON string or number, JSON
 * that does not parse, or a text over 200,000 characters). Pure.
 */
export function renderJsonCompactly(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed.length > MAX_PARSED_CHARS || !/^[[{]/.test(trimmed)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch {
    return undefined;
  }
  return typeof parsed === 'object' && parsed !== null ? renderValue(parsed, 0) : undefined;
}

/** A tool call's input the same way ("origin: JFK; destination: SEA"); "none" for an empty or missing one. */
export function renderInputCompactly(input: unknown): string {
  return input === undefined || input === null ? 'none' : renderValue(input, 0);
}
