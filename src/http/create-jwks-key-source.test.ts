import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createJwksKeySource, JwksUnavailableError } from './create-jwks-key-source.ts';

/** A JWKS endpoint whose answer the test changes, counting fetches; the clock is the test's. */
function createRig() {
  const state = {
    keys: [{ kty: 'RSA', kid: 'a', n: 'x', e: 'AQAB' }] as unknown[],
    failing: false,
    fetches: 0,
    now: 1_000_000,
  };
  const fetchKeys = (async () => {
    state.fetches += 1;
    if (state.failing) return new Response('down', { status: 503 });
    return Response.json({ keys: state.keys });
  }) as typeof fetch;
  const source = createJwksKeySource({
    url: 'https://issuer.test/jwks',
    fetch: fetchKeys,
    now: () => state.now,
    cacheSeconds: 600,
    refreshCooldownSeconds: 30,
    failureCooldownSeconds: 10,
  });
  return { state, source };
}

describe('createJwksKeySource', () => {
  it('fetches once and serves known kids from the cache', async () => {
    const { state, source } = createRig();
    assert.equal((await source.getKey('a'))?.kid, 'a');
    assert.equal((await source.getKey('a'))?.kid, 'a');
    assert.equal(state.fetches, 1);
  });

  it('shares one fetch between concurrent callers', async () => {
    const { state, source } = createRig();
    const keys = await Promise.all([source.getKey('a'), source.getKey('a'), source.getKey('a')]);
    assert.deepEqual(keys.map((key) => key?.kid), ['a', 'a', 'a']);
    assert.equal(state.fetches, 1);
  });

  it('refreshes for an unknown kid only after the cooldown (key rotation)', async () => {
    const { state, source } = createRig();
    await source.getKey('a');
    state.keys = [{ kty: 'EC', kid: 'b', crv: 'P-256', x: 'x', y: 'y' }];
    assert.equal(await source.getKey('b'), undefined, 'within the cooldown the set is not refetched');
    assert.equal(state.fetches, 1);
    state.now += 30_000;
    assert.equal((await source.getKey('b'))?.kid, 'b');
    assert.equal(state.fetches, 2);
  });

  it('refetches after the cache lifetime and keeps the last good set when the refresh fails', async () => {
    const { state, source } = createRig();
    await source.getKey('a');
    state.now += 600_000;
    state.failing = true;
    assert.equal((await source.getKey('a'))?.kid, 'a');
    assert.equal(state.fetches, 2);
  });

  it('throws JwksUnavailableError when no set was ever fetched', async () => {
    const { state, source } = createRig();
    state.failing = true;
    await assert.rejects(source.getKey('a'), JwksUnavailableError);
  });

  it('does not refetch within the failure cool-down, before the first success or after it', async () => {
    const { state, source } = createRig();
    state.failing = true;
    await assert.rejects(source.getKey('a'), JwksUnavailableError);
    await assert.rejects(source.getKey('a'), JwksUnavailableError);
    assert.equal(state.fetches, 1);
    state.failing = false;
    state.now += 10_000;
    assert.equal((await source.getKey('a'))?.kid, 'a');
    state.now += 600_000;
    state.failing = true;
    assert.equal((await source.getKey('a'))?.kid, 'a');
    assert.equal(await source.getKey('unknown'), undefined);
    assert.equal(state.fetches, 3, 'the failed refresh is not retried for an unknown kid within the cool-down');
  });

  it('ignores entries that are not RSA or EC keys with a kid', async () => {
    const { state, source } = createRig();
    state.keys = [null, 'x', { kty: 'oct', kid: 'h', k: 'secret' }, { kty: 'RSA' }, {
      kty: 'RSA',
      kid: 'ok',
      n: 'x',
      e: 'AQAB',
    }];
    assert.equal(await source.getKey('h'), undefined);
    assert.equal((await source.getKey('ok'))?.kid, 'ok');
  });
});
