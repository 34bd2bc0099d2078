// Turns hono's JWT verification errors into a sentence a client developer can act on.
import {
  JwtAlgorithmMismatch,
  JwtHeaderInvalid,
  JwtPayloadRequiresAud,
  JwtTokenAudience,
  JwtTokenExpired,
  JwtTokenIssuedAt,
  JwtTokenIssuer,
  JwtTokenNotBefore,
  JwtTokenSignatureMismatched,
} from 'hono/utils/jwt/types';

const REASONS: readonly (readonly [new (...args: never[]) => Error, string])[] = [
  [JwtTokenExpired, 'the token has expired'],
  [JwtTokenNotBefore, 'the token is not valid yet ("nbf" is in the future)'],
  [JwtTokenIssuedAt, 'the token was issued in the future ("iat")'],
  [JwtTokenIssuer, 'the token issuer ("iss") is not accepted'],
  [JwtPayloadRequiresAud, 'the token has no audience ("aud") and one is required'],
  [JwtTokenAudience, 'the token audience ("aud") is not accepted'],
  [JwtTokenSignatureMismatched, 'the token signature does not match'],
  [JwtAlgorithmMismatch, 'the token algorithm does not match the key'],
  [JwtHeaderInvalid, 'the token header is not accepted (alg, typ or crit)'],
];

/** A reason for a 401; never echoes the token itself (hono's own messages do). */
export function describeJwtFailure(error: unknown): string {
  for (const [errorClass, reason] of REASONS) if (error instanceof errorClass) return reason;
  return 'the token could not be verified';
}
