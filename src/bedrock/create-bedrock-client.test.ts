import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createBedrockClient } from './create-bedrock-client.ts';

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

  it('sends static keys as given', async () => {
    const client = createBedrockClient({ region: 'us-east-1', endpoint: 'http://127.0.0.1:4010', credentials: { accessKeyId: 'AKIDSTATIC', secretAccessKey: 's' } });
    const provider = client.config.credentials as () => Promise<{ accessKeyId: string }>;
    assert.equal((await provider()).accessKeyId, 'AKIDSTATIC');
    client.destroy();
  });
});
