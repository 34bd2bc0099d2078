// The short-lived HS256 token that tells a tool's backend, verifiably, which user, conversation and call it serves.

/** Long enough for a slow tool, short enough that a leaked token is useless minutes later. */
export const CALLER_TOKEN_TTL_SECONDS = 60;
/** The `iss` of every caller token. */
export const CALLER_TOKEN_ISSUER = 'tokenwise';
/** The request header that carries it. */
export const CALLER_TOKEN_HEADER = 'x-tokenwise-caller';

export type CallerIdentity = {
  readonly userId: string;
  readonly conversationId: string;
  readonly toolCallId: string;
};

/** Imports the dedicated secret (TOOL_CALLER_SECRET) once, for signing only. */
export function importCallerKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
}

function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function encodePart(value: unknown): string {
  return base64Url(new TextEncoder().encode(JSON.stringify(value)));
}

/**
 * Signs `{ iss: "tokenwise", aud: <origin of the tool URL>, sub: user, conversation_id, tool_call_id, tool, iat, exp,
 * jti }`. The audience binds the token to one backend: another backend that checks `aud` refuses a replayed token.
 */
export async function mintCallerToken(
  key: CryptoKey,
  claims: CallerIdentity & { readonly toolName: string; readonly audience: string; readonly nowMs: number },
): Promise<string> {
  const iat = Math.floor(claims.nowMs / 1000);
  const payload = {
    iss: CALLER_TOKEN_ISSUER,
    aud: claims.audience,
    sub: claims.userId,
    conversation_id: claims.conversationId,
    tool_call_id: claims.toolCallId,
    tool: claims.toolName,
    iat,
    exp: iat + CALLER_TOKEN_TTL_SECONDS,
    jti: crypto.randomUUID(),
  };
  const input = `${encodePart({ alg: 'HS256', typ: 'JWT' })}.${encodePart(payload)}`;
  const signature = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(input));
  return `${input}.${base64Url(new Uint8Array(signature))}`;
}
