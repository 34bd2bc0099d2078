// Masks secrets in text bound for a log: the configured values themselves, and anything shaped like a credential.

const MASK = '[redacted]';
/** Shorter configured values are not masked on their own (they would mask ordinary words); the shapes still apply. */
const MIN_SECRET_LENGTH = 6;

/** Credential shapes masked in every line, whatever their source. Each keeps what names the thing, masks the value. */
const SHAPES: readonly (readonly [RegExp, string])[] = [
  // user:password@ (or a lone token@) in any URL.
  [/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@"']+@/gi, `$1${MASK}@`],
  // Query parameters that carry credentials: libSQL's authToken, presigned AWS URLs, api keys.
  [
    /([?&](?:auth_?token|access_?token|id_?token|token|api_?key|key|secret|password|passwd|sig|signature|x-amz-signature|x-amz-credential|x-amz-security-token)=)[^&\s"'#]+/gi,
    `$1${MASK}`,
  ],
  // JWTs and other JWS compact tokens (both header and payload are base64url JSON objects).
  [/\beyJ[A-Za-z0-9_-]{4,}\.eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g, MASK],
  // Authorization header values.
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{8,}/g, `$1 ${MASK}`],
  // AWS access key ids (long-term AKIA, temporary ASIA) and Bedrock API keys (long-term ABSK…, short-term).
  [/\b(?:AKIA|ASIA)[A-Z0-9]{16}\b/g, MASK],
  [/\bABSK[A-Za-z0-9+/=]{16,}/g, MASK],
  [/\bbedrock-api-key-[A-Za-z0-9+/=._-]{16,}/g, MASK],
];

export type Redactor = (text: string) => string;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A function masking `secrets` (exact values, also in their JSON-escaped and URL-encoded forms) and, unless
 * `shapes` is false, every credential shape above. Pure and cheap: one regular expression for the values, a handful
 * for the shapes.
 */
export function createRedactor(secrets: readonly string[] = [], options: { readonly shapes?: boolean } = {}): Redactor {
  const shapes = options.shapes === false ? [] : SHAPES;
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET_LENGTH) continue;
    forms.add(secret);
    forms.add(JSON.stringify(secret).slice(1, -1));
    forms.add(encodeURIComponent(secret));
  }
  // Longest first, so a secret containing another is masked whole.
  const values = [...forms].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const exact = values.length === 0 ? undefined : new RegExp(values.join('|'), 'g');
  return (text) => {
    let result = exact === undefined ? text : text.replace(exact, MASK);
    for (const [pattern, replacement] of shapes) result = result.replace(pattern, replacement);
    return result;
  };
}

/** A URL for a log line: scheme, host, port and path only (user info, query and fragment may carry credentials). */
export function describeUrl(text: string): string {
  if (text.startsWith('file:')) return text.replace(/\?.*$/s, '');
  try {
    const url = new URL(text);
    return `${url.protocol}//${url.host}${url.pathname === '/' ? '' : url.pathname}`;
  } catch {
    // `file:relative.db` and other non-URLs: drop anything after ? and any user info.
    return text.replace(/\?.*$/s, '').replace(/\/\/[^/@]*@/, '//');
  }
}
