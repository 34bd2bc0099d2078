import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
import { startSimulatorServer } from '../simulator/index.ts';
import { createBedrockClient } from '../../src/bedrock/create-bedrock-client.ts';

async function accessKeyOf(endpoint: string | undefined): Promise<string | undefined> {
  const client = createBedrockClient({ region: 'us-east-1', ...(endpoint === undefined ? {} : { endpoint }) });
  try {
    const provider = client.config.credentials as () => Promise<{ accessKeyId: string }>;
    return (await provider()).accessKeyId;
  } finally {
    client.destroy();
  }
}

describe('createBedrockClient', () => {
  it('uses dummy keys only for an endpoint outside AWS; AWS hosts (VPC endpoints too) keep the SDK chain', async () => {
    const saved = { id: process.env['AWS_ACCESS_KEY_ID'], secret: process.env['AWS_SECRET_ACCESS_KEY'] };
    // The SDK chain reads the environment first, so no network is touched.
    process.env['AWS_ACCESS_KEY_ID'] = 'AKIDFROMENV';
    process.env['AWS_SECRET_ACCESS_KEY'] = 'secret';
    try {
      assert.equal(await accessKeyOf('http://127.0.0.1:4010'), 'SIMULATOR');
      assert.equal(await accessKeyOf('https://vpce-0abc.bedrock-runtime.us-east-1.vpce.amazonaws.com'), 'AKIDFROMENV');
      assert.equal(await accessKeyOf(undefined), 'AKIDFROMENV');
    } finally {
      if (saved.id === undefined) delete process.env['AWS_ACCESS_KEY_ID'];
      else process.env['AWS_ACCESS_KEY_ID'] = saved.id;
      if (saved.secret === undefined) delete process.env['AWS_SECRET_ACCESS_KEY'];
      else process.env['AWS_SECRET_ACCESS_KEY'] = saved.secret;
    }
  });

  it('signs with static keys from a frozen config object', async () => {
    const server = await startSimulatorServer({ port: 0 });
    const credentials = Object.freeze({ accessKeyId: 'AKIDSTATIC', secretAccessKey: 's' });
    const client = createBedrockClient({ region: 'us-east-1', endpoint: server.url, credentials, maxAttempts: 1 });
    try {
      await client.send(
        new ConverseCommand({
          modelId: 'anthropic.claude-haiku-4-5-20251001-v1:0',
          messages: [{ role: 'user', content: [{ text: 'Hi' }] }],
        }),
      );
      const headers = server.simulator.log.last();
      assert.equal(headers?.status, 200);
    } finally {
      client.destroy();
      await server.close();
    }
  });
});
