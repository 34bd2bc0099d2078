// A whole session with every secret configured, at the most verbose log level: no secret value reaches any log line.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { mintDevelopmentToken } from '../../src/http/mint-development-token.ts';
import { HARDENING_SECRET, startHardenedServer } from './start-hardened-server.ts';
import { startToolBackend, type ToolBackend } from './start-tool-backend.ts';
import { createTurnProbe } from './turn-probe.ts';

/** Every secret the service can be given, each a distinct, searchable value. */
const SECRETS = {
  /** The hardened server's own (its token helper signs with it). */
  AUTH_JWT_SECRET: HARDENING_SECRET,
  TOOL_CALLER_SECRET: 'log-scan-caller-secret-9876543210-zyxwvutsrq',
  DATABASE_AUTH_TOKEN: 'log-scan-database-token-5f5f5f5f5f5f',
  AWS_ACCESS_KEY_ID: 'AKIALOGSCAN000000001',
  AWS_SECRET_ACCESS_KEY: 'logScan/SecretAccessKey+0123456789abcdefXYZ',
  AWS_SESSION_TOKEN: 'log-scan-session-token-IQoJb3JpZ2luX2VjEXAMPLE',
};
const BEDROCK_API_KEY = 'ABSKbG9nLXNjYW4tYmVkcm9jay1hcGkta2V5LTAxMjM0NTY3ODk=';
/** Credentials a deployer may put inside URLs. */
const URL_SECRETS = {
  endpointUser: 'proxy-user-3c3c3c',
  endpointPassword: 'proxy-password-4d4d4d',
  manifestKey: 'manifest-api-key-6e6e6e6e',
};

for (const credentials of ['access keys', 'a Bedrock API key'] as const) {
  describe(`secrets stay out of the log over a whole session (${credentials}, LOG_LEVEL=debug)`, () => {
    let directory: string;
    let backend: ToolBackend;
    let server: Awaited<ReturnType<typeof startHardenedServer>>;
    let clientToken: string;

    before(async () => {
      directory = mkdtempSync(join(tmpdir(), 'tokenwise-log-scan-'));
      // A careless backend: for order "ECHO" its error page quotes the request, caller token and API key included.
      backend = await startToolBackend((request, response) => {
        if (!request.url.includes('ECHO')) return false;
        response.writeHead(500, { 'content-type': 'text/plain' });
        response.end(`failed: ${request.url} with ${JSON.stringify(request.headers)}`);
        return true;
      });
      const manifest = join(directory, 'tools.json');
      writeFileSync(
        manifest,
        JSON.stringify([{
          name: 'lookup_order',
          description: 'Looks up the shipping status of an order by its id.',
          inputSchema: { type: 'object', properties: { orderId: { type: 'string' } }, required: ['orderId'] },
          tags: ['orders'],
          http: {
            url: `${backend.url}/orders?apiKey=${URL_SECRETS.manifestKey}`,
            method: 'GET',
            allowPrivateNetwork: true,
          },
        }]),
      );
      server = await startHardenedServer(({ simulatorUrl, databaseUrl }) => {
        const endpoint = new URL(simulatorUrl);
        endpoint.username = URL_SECRETS.endpointUser;
        endpoint.password = URL_SECRETS.endpointPassword;
        return {
          ...SECRETS,
          ...(credentials === 'a Bedrock API key' ? { AWS_BEARER_TOKEN_BEDROCK: BEDROCK_API_KEY } : {}),
          BEDROCK_ENDPOINT: endpoint.href,
          DATABASE_URL: databaseUrl,
          TOOLS_MANIFEST: manifest,
          LOG_LEVEL: 'debug',
          WINDOW_MIN_MESSAGES: '2',
          WINDOW_MAX_MESSAGES: '4',
        };
      });
      clientToken = await mintDevelopmentToken({ secret: SECRETS.AUTH_JWT_SECRET, sub: 'scan-user', ttlSeconds: 600 });
    });
    after(async () => {
      await server?.close();
      await backend?.close();
      rmSync(directory, { recursive: true, force: true });
    });

    it('runs turns, tool calls, summaries and failures, and no secret value appears in any log line', async () => {
      assert.equal(server.env['AUTH_JWT_SECRET'], SECRETS.AUTH_JWT_SECRET, 'the server verifies with the scan secret');
      const probe = await createTurnProbe(server, 'scan-user');
      const id = await probe.createConversation();
      const simulator = server.simulator.simulator;

      // A turn that calls the deployer's HTTP tool, which gets a caller token.
      simulator.script.enqueue(
        { model: 'sonnet', toolUses: [{ name: 'lookup_order', input: { orderId: 'A-1' } }] },
        { model: 'sonnet', text: 'Order A-1 has shipped.' },
      );
      assert.equal((await probe.send(id, 'Where is my order A-1?')).status, 200);
      // A tool backend that quotes the caller token and the manifest's API key back in its error page.
      simulator.script.enqueue(
        { model: 'sonnet', toolUses: [{ name: 'lookup_order', input: { orderId: 'ECHO' } }] },
        { model: 'sonnet', text: 'The order service failed.' },
      );
      assert.equal((await probe.send(id, 'And order ECHO?', { stream: true })).status, 200);
      for (const text of ['Thanks, and remind me Friday.', 'What did I ask first?', 'One more question.']) {
        assert.equal((await probe.send(id, text)).status, 200);
      }
      // Failures: Bedrock refusing a request and failing outright, bad tokens, a bad body, an unknown conversation.
      simulator.faults.inject({
        kind: 'error',
        error: {
          status: 403,
          type: 'AccessDeniedException',
          message: `The security token included in the request is invalid: ${SECRETS.AWS_ACCESS_KEY_ID}`,
        },
      }, { model: 'sonnet' });
      assert.equal((await probe.send(id, 'This one is refused.')).status >= 400, true);
      simulator.faults.inject({ kind: 'internal' }, { model: 'sonnet', times: 6 });
      assert.equal((await probe.send(id, 'During an outage.')).status, 503);
      simulator.faults.clear();
      const forged = await mintDevelopmentToken({ secret: `${SECRETS.AUTH_JWT_SECRET}-x`, sub: 'x', ttlSeconds: 60 });
      assert.equal((await server.call('GET', `/v1/conversations/${id}/messages`, { token: forged })).status, 401);
      assert.equal((await server.call('GET', `/v1/conversations/${id}/messages`, { token: 'not.a.jwt' })).status, 401);
      const badBody = await server.call('POST', `/v1/conversations/${id}/messages`, {
        token: clientToken,
        rawBody: '{',
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(badBody.status, 400);
      assert.equal((await server.call('GET', '/v1/conversations/missing/usage', { token: clientToken })).status, 404);
      await server.restart(); // drains the background summaries and logs a second start-up
      assert.equal((await probe.send(id, 'Back after a restart.')).status, 200);

      // The backend did receive a caller token and the manifest's key: they exist, so their absence below means something.
      const callerTokens = backend.requests.map((request) => String(request.headers['x-tokenwise-caller'] ?? ''));
      assert.ok(callerTokens.length >= 2 && callerTokens.every((token) => token.split('.').length === 3));
      assert.ok(backend.requests.every((request) => request.url.includes(URL_SECRETS.manifestKey)));
      const summaries = await server.query("SELECT summary FROM conversation_memory WHERE summary != ''");
      assert.ok(summaries.length > 0, 'a summary was written');

      const log = server.lines.join('\n');
      assert.ok(log.includes('"event":"turn"') && log.includes('"event":"bedrock"'), 'the log was captured');
      assert.ok(log.includes('"level":"error"') || log.includes('"level":"warn"'), 'failures were logged');
      const forbidden: Record<string, string> = {
        ...SECRETS,
        ...URL_SECRETS,
        ...(credentials === 'a Bedrock API key' ? { AWS_BEARER_TOKEN_BEDROCK: BEDROCK_API_KEY } : {}),
        clientToken,
        forged,
        ...Object.fromEntries(callerTokens.map((token, index) => [`caller token ${index}`, token])),
      };
      const leaks: string[] = [];
      for (const [name, value] of Object.entries(forbidden)) {
        for (const form of new Set([value, encodeURIComponent(value), JSON.stringify(value).slice(1, -1)])) {
          if (log.includes(form)) leaks.push(name);
        }
        // Nor a recognisable part of it (a signature or payload segment of a token).
        for (const part of value.split('.').filter((segment) => segment.length >= 16)) {
          if (log.includes(part)) leaks.push(`part of ${name}`);
        }
      }
      assert.deepEqual([...new Set(leaks)], [], 'secrets in the log');
    });
  });
}
