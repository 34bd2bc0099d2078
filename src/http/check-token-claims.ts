// The checks hono's verify leaves to us: exp/nbf/iat with a clock-skew leeway, and the token types accepted.
/** A phone whose clock runs a little fast or slow must not get 401; one minute is the usual allowance. */
export const DEFAULT_LEEWAY_SECONDS = 60;
/** `typ` values of ID and access tokens (RFC 7519, RFC 9068), compared without case and without `application/`. */
const ACCEPTED_TYPES: ReadonlySet<string> = new Set(['jwt', 'at+jwt']);

/** The header's `typ` as hono's verify must be told it (undefined = absent), or a refusal reason. */
export function checkTokenType(typ: unknown): { readonly ok: true; readonly typ?: string } | {
  readonly ok: false;
  readonly reason: string;
} {
  if (typ === undefined) return { ok: true };
  if (typeof typ === 'string' && ACCEPTED_TYPES.has(typ.toLowerCase().replace(/^application\//, ''))) {
    return { ok: true, typ };
  }
  return { ok: false, reason: 'the token type ("typ") is not accepted; expected JWT or at+jwt' };
}

/**
 * Checks the time claims of a verified payload against `nowSeconds`, allowing `leewaySeconds` of clock skew either
 * way: `exp` is required; `nbf` and `iat` are optional but must be numbers when present. Undefined when all pass.
 */
export function checkTokenTimes(
  payload: Readonly<Record<string, unknown>>,
  options: { readonly nowSeconds: number; readonly leewaySeconds: number },
): string | undefined {
  const { nowSeconds, leewaySeconds } = options;
  const { exp, nbf, iat } = payload;
  if (exp === undefined) return 'the token has no "exp" claim; tokens must expire';
  if (!isTime(exp)) return 'the token\'s "exp" claim is not a number of seconds';
  if (exp + leewaySeconds <= nowSeconds) return 'the token has expired';
  if (nbf !== undefined && (!isTime(nbf) || nbf - leewaySeconds > nowSeconds)) {
    return 'the token is not valid yet ("nbf" is in the future)';
  }
  if (iat !== undefined && (!isTime(iat) || iat - leewaySeconds > nowSeconds)) {
    return 'the token was issued in the future ("iat")';
  }
  return undefined;
}

function isTime(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}
