import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../config/parse-config.ts';
import { isAppError } from '../errors.ts';
import { createLogger, SILENT_LOGGER } from '../logger.ts';
import type { Database } from '../store/database.ts';
import { createMigratedDatabase } from '../store/test-support/temp-database.ts';
import { buildChatService } from './build-chat-service.ts';

const MANIFEST = {
  source: 'tools.json',
  json: [
    { name: 'lookup_order', description: 'Looks up an order.', inputSchema: { type: 'object' }, tags: ['orders'] },
    {
      name: 'refund_order',
      description: 'Refunds an order.',
      inputSchema: { type: 'object' },
      tags: ['orders'],
      http: { url: 'https://shop.example.com/refund', method: 'POST' },
    },
  ],
};

describe('buildChatService (HTTP tools)', () => {
  let database: Database;
  let close: () => Promise<void>;
  before(async () => {
    const migrated = await createMigratedDatabase();
    database = migrated.database;
    close = migrated.cleanup;
  });
  after(() => close());

  const build = (env: Record<string, string>) =>
    buildChatService({
      config: loadConfig(env),
      database,
      bedrock: { region: 'us-east-1', endpoint: 'http://127.0.0.1:9' },
      logger: SILENT_LOGGER,
      content: { manifests: [MANIFEST] },
    });

  it('refuses to start when a manifest declares HTTP tools and TOOL_CALLER_SECRET is not set', () => {
    assert.throws(
      () => build({}),
      (error: unknown) =>
        isAppError(error, 'config_invalid') && /HTTP tools \(refund_order\).*TOOL_CALLER_SECRET/.test(error.message),
    );
  });

  it('starts with the secret set', async () => {
    const service = build({ TOOL_CALLER_SECRET: 'a-caller-secret-that-is-32-characters-or-more' });
    await service.drain();
  });
});

describe('buildChatService (tools without a domain)', () => {
  it('warns of domain tools with no tag and no service namespace, naming them, and starts', async () => {
    const migrated = await createMigratedDatabase();
    const lines: string[] = [];
    const tool = (name: string, tags: string[]) => ({
      name,
      description: `Does ${name}.`,
      inputSchema: { type: 'object' },
      tags,
    });
    const service = buildChatService({
      config: loadConfig({}),
      database: migrated.database,
      bedrock: { region: 'us-east-1', endpoint: 'http://127.0.0.1:9' },
      logger: createLogger({ write: (line) => lines.push(line) }),
      content: {
        manifests: [{
          source: 'tools.json',
          json: [
            tool('lookup_order', []),
            tool('shop_1_find_order_items', []),
            tool('refund_order', ['orders']),
            tool('help', ['standard']),
          ],
        }],
      },
    });
    await service.drain();
    await migrated.cleanup();
    const warnings = lines.map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry['event'] === 'tools_without_domain');
    assert.equal(warnings.length, 1, lines.join('\n'));
    assert.deepEqual(warnings[0]?.['tools'], ['lookup_order'], 'a namespace stands for a domain; a tag is one');
    assert.equal(warnings[0]?.['level'], 'warn');
  });
});
