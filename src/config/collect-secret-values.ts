// The secret values an environment holds, for the log redactor: credentials, signing keys, and URL credentials.

/** Variables whose whole value is a secret. */
export const SECRET_VARIABLES = [
  'AUTH_JWT_SECRET',
  'TOOL_CALLER_SECRET',
  'DATABASE_AUTH_TOKEN',
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_SESSION_TOKEN',
  'AWS_BEARER_TOKEN_BEDROCK',
] as const;

/** Variables holding URLs whose user info and query values may be credentials. */
const URL_VARIABLES = ['BEDROCK_ENDPOINT', 'DATABASE_URL', 'AUTH_JWKS_URL'] as const;

/** Read from the raw environment (not the parsed config), so even an invalid configuration's log is redacted. */
export function collectSecretValues(env: Readonly<Record<string, string | undefined>>): string[] {
  const secrets: string[] = [];
  for (const name of SECRET_VARIABLES) {
    const value = env[name]?.trim();
    if (value !== undefined && value !== '') secrets.push(value);
  }
  for (const name of URL_VARIABLES) {
    const value = env[name]?.trim();
    if (value === undefined || value === '') continue;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      continue;
    }
    for (const part of [url.username, url.password]) if (part !== '') secrets.push(decodeURIComponent(part), part);
    for (const parameter of url.searchParams.values()) if (parameter !== '') secrets.push(parameter);
  }
  return secrets;
}
