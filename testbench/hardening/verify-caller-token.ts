// How a tool backend verifies tokenwise's caller token (the README's example, run by the isolation test): HS256 with
// TOOL_CALLER_SECRET, issuer "tokenwise", audience = the backend's own origin, not expired.
import { createHmac, timingSafeEqual } from 'node:crypto';

export type CallerClaims = {
  readonly iss: string;
  readonly aud: string;
  readonly sub: string;
  readonly conversation_id: string;
  readonly tool_call_id: string;
  readonly tool: string;
  readonly iat: number;
  readonly exp: number;
  readonly jti: string;
};

/** The claims of a valid token, or null: wrong signature, algorithm, issuer or audience, or expired. */
export function verifyCallerToken(
  token: string,
  options: { readonly secret: string; readonly origin: string; readonly nowSeconds?: number },
): CallerClaims | null {
  const [header, payload, signature] = token.split('.');
  if (header === undefined || payload === undefined || signature === undefined) return null;
  const expected = createHmac('sha256', options.secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (JSON.parse(Buffer.from(header, 'base64url').toString('utf8')).alg !== 'HS256') return null;
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as CallerClaims;
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (claims.iss !== 'tokenwise' || claims.aud !== options.origin || claims.exp <= now) return null;
  return claims;
}
