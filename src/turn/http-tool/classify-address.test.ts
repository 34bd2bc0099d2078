import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { classifyAddress, isLocalHostname } from './classify-address.ts';

describe('classifyAddress', () => {
  const cases: readonly (readonly [string, ReturnType<typeof classifyAddress>])[] = [
    ['127.0.0.1', 'private'],
    ['127.255.1.2', 'private'],
    ['0.0.0.0', 'private'],
    ['10.1.2.3', 'private'],
    ['100.64.0.1', 'private'],
    ['169.254.169.254', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.10', 'private'],
    ['198.18.0.1', 'private'],
    ['224.0.0.251', 'private'],
    ['255.255.255.255', 'private'],
    ['172.32.0.1', 'public'],
    ['8.8.8.8', 'public'],
    ['93.184.216.34', 'public'],
    ['100.128.0.1', 'public'],
    ['::1', 'private'],
    ['[::1]', 'private'],
    ['::', 'private'],
    ['[::ffff:7f00:1]', 'private'],
    ['::ffff:127.0.0.1', 'private'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:8.8.8.8', 'public'],
    ['64:ff9b::a9fe:a9fe', 'private'],
    ['2002:c0a8:101::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['fc00::1', 'private'],
    ['fe80::1%eth0', 'private'],
    ['ff02::1', 'private'],
    ['2001:db8::1', 'private'],
    ['2606:4700:4700::1111', 'public'],
    ['[2a00:1450:4001:82a::200e]', 'public'],
    ['example.com', 'not-an-address'],
    ['1.2.3', 'not-an-address'],
    ['1:2:3:4:5:6:7:8:9', 'not-an-address'],
    ['::g', 'not-an-address'],
  ];
  for (const [text, kind] of cases) {
    it(`classifies ${text} as ${kind}`, () => assert.equal(classifyAddress(text), kind));
  }
});

describe('isLocalHostname', () => {
  it('knows localhost and its subdomains, with or without a trailing dot, in any case', () => {
    for (const name of ['localhost', 'LOCALHOST', 'localhost.', 'api.localhost', 'a.b.localhost.']) {
      assert.equal(isLocalHostname(name), true, name);
    }
    for (const name of ['localhost.example.com', 'notlocalhost', 'example.com']) {
      assert.equal(isLocalHostname(name), false, name);
    }
  });
});
