// Test support: an identity provider on loopback with real RS256/ES256 keys (WebCrypto), serving its JWKS over HTTP.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type TestSigningKey = {
  readonly kid: string;
  readonly alg: 'RS256' | 'ES256';
  readonly privateKey: CryptoKey;
  readonly publicJwk: JsonWebKey & { readonly kid: string; readonly alg: string; readonly use: string };
};

/** A real key pair: RSA 2048 (PKCS#1 v1.5, SHA-256) or P-256, as identity providers issue them. */
export async function createSigningKey(alg: 'RS256' | 'ES256', kid: string): Promise<TestSigningKey> {
  const params = alg === 'RS256'
    ? { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' }
    : { name: 'ECDSA', namedCurve: 'P-256' };
  const pair = (await crypto.subtle.generateKey(params, true, ['sign', 'verify'])) as CryptoKeyPair;
  const publicJwk = { ...(await crypto.subtle.exportKey('jwk', pair.publicKey)), kid, alg, use: 'sig' };
  return { kid, alg, privateKey: pair.privateKey, publicJwk };
}

function encode(value: unknown): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
    .replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Signs a JWT independently of the code under test (WebCrypto's ECDSA output is already JOSE's r‖s form). */
export async function signTestToken(
  key: TestSigningKey,
  payload: Readonly<Record<string, unknown>>,
  header: Readonly<Record<string, unknown>> = { typ: 'JWT' },
): Promise<string> {
  const input = `${encode({ ...header, alg: key.alg, kid: key.kid })}.${encode(payload)}`;
  const algorithm = key.alg === 'RS256' ? { name: 'RSASSA-PKCS1-v1_5' } : { name: 'ECDSA', hash: 'SHA-256' };
  const signature = new Uint8Array(
    await crypto.subtle.sign(algorithm, key.privateKey, new TextEncoder().encode(input)),
  );
  const text = btoa(String.fromCharCode(...signature)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${input}.${text}`;
}

export type JwksServer = {
  readonly url: string;
  /** Requests received so far. */
  readonly requests: () => number;
  /** The keys served from now on. */
  setKeys(keys: readonly TestSigningKey[]): void;
  /** While true, the endpoint answers 503. */
  setFailing(failing: boolean): void;
  close(): Promise<void>;
};

/** Serves `{ keys }` at /.well-known/jwks.json on 127.0.0.1 (a random port). */
export async function startJwksServer(keys: readonly TestSigningKey[]): Promise<JwksServer> {
  let served = keys;
  let failing = false;
  let count = 0;
  const server = createServer((request, response) => {
    count += 1;
    if (failing || request.url !== '/.well-known/jwks.json') {
      response.writeHead(failing ? 503 : 404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ keys: served.map((key) => key.publicJwk) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/.well-known/jwks.json`,
    requests: () => count,
    setKeys(next) {
      served = next;
    },
    setFailing(next) {
      failing = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
