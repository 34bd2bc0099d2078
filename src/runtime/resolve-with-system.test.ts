import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { classifyAddress } from '../turn/http-tool/classify-address.ts';
import { resolveWithSystem } from './resolve-with-system.ts';

describe('resolveWithSystem', () => {
  it('resolves localhost to loopback addresses only', async () => {
    const addresses = await resolveWithSystem('localhost');
    assert.ok(addresses.length > 0, 'localhost resolves');
    assert.deepEqual(addresses.map(classifyAddress).filter((kind) => kind !== 'private'), []);
  });

  it('rejects a name that does not exist', async () => {
    await assert.rejects(resolveWithSystem('no-such-host.invalid'));
  });
});
