// Tool names from other systems, made acceptable to Bedrock (^[a-zA-Z0-9_-]{1,64}$).

/** Replaces every disallowed character with `_` and cuts to 64 characters; an empty name becomes `tool`. Idempotent. */
export function sanitiseToolName(name: string): string {
  const cleaned = name.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64);
  return cleaned === '' ? 'tool' : cleaned;
}
