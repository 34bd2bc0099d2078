// A ready HS256 bearer token for local mode, so `npm start` can print one a developer pastes into curl.
import { sign } from 'hono/utils/jwt/jwt';
import { AppError } from '../errors.ts';
import { importHmacKey, MIN_SECRET_LENGTH } from './create-authenticator.ts';

/** A development token lives at most a year: it is printed to a terminal. */
const MAX_TTL_SECONDS = 365 * 24 * 3600;

export type MintDevelopmentTokenOptions = {
  readonly secret: string;
  readonly sub: string;
  readonly ttlSeconds: number;
  /** Issue time; defaults to the current time. */
  readonly now?: Date;
  readonly issuer?: string;
  readonly audience?: string;
};

/**
 * Signs `{ sub, iat, exp = iat + ttlSeconds, iss?, aud? }` with HS256. The result passes the app's authenticator
 * configured with the same secret (and issuer/audience). Throws AppError `config_invalid` for a short secret,
 * an empty or over-long sub, or a ttl that is not a whole number of seconds from 1 to one year.
 */
export async function mintDevelopmentToken(options: MintDevelopmentTokenOptions): Promise<string> {
  if (options.secret.length < MIN_SECRET_LENGTH) {
    throw new AppError('config_invalid', `the JWT secret must be at least ${MIN_SECRET_LENGTH} characters`);
  }
  if (options.sub.trim() === '' || options.sub.length > 200) {
    throw new AppError('config_invalid', 'sub must be a non-empty string of at most 200 characters');
  }
  if (!Number.isInteger(options.ttlSeconds) || options.ttlSeconds < 1 || options.ttlSeconds > MAX_TTL_SECONDS) {
    throw new AppError(
      'config_invalid',
      `ttlSeconds must be a whole number from 1 to ${MAX_TTL_SECONDS}, got ${options.ttlSeconds}`,
    );
  }
  const issuedAt = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const payload = {
    sub: options.sub,
    iat: issuedAt,
    exp: issuedAt + options.ttlSeconds,
    ...(options.issuer === undefined ? {} : { iss: options.issuer }),
    ...(options.audience === undefined ? {} : { aud: options.audience }),
  };
  return sign(payload, await importHmacKey(options.secret), 'HS256');
}
