// Address classification, on canonical text and on what the URL parser
// makes of every other spelling.
import { describe, expect, it } from 'vitest';
import { addressKind, hostKind, ipBytes } from './addressKind.js';

describe('addressKind', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.1', 'private'],
    ['100.64.0.1', 'shared (CGNAT)'],
    ['100.127.255.255', 'shared (CGNAT)'],
    ['169.254.0.1', 'link-local'],
    ['169.254.169.254', 'cloud metadata'],
    ['100.100.100.200', 'cloud metadata'],
    ['192.0.0.192', 'cloud metadata'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['0:0:0:0:0:ffff:a9fe:a9fe', 'cloud metadata'],
    ['::127.0.0.1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'cloud metadata'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['64:ff9b:1::1', 'reserved'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:a9fe:a9fe::1', 'cloud metadata'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'reserved'],
    ['fd00:ec2::254', 'cloud metadata'],
    ['fd12:3456::1', 'private'],
    ['fc00::1', 'private'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['fec0::1', 'private'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['100::1', 'reserved'],
  ])('%s is %s', (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '100.128.0.1',
    '169.253.255.255',
    '2606:4700:4700::1111',
    '2a00:1450::1',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
  ])('%s is public', (address) => {
    expect(addressKind(address)).toBeUndefined();
  });

  it('is not fooled by host names', () => {
    expect(addressKind('localhost')).toBeUndefined();
    expect(ipBytes('example.com')).toBeUndefined();
  });
});

describe('spellings, as the URL parser canonicalizes them', () => {
  it.each([
    ['http://2130706433/', '127.0.0.1'],
    ['http://0x7f000001/', '127.0.0.1'],
    ['http://0177.0.0.1/', '127.0.0.1'],
    ['http://0x7f.1/', '127.0.0.1'],
    ['http://127.1/', '127.0.0.1'],
    ['http://017700000001/', '127.0.0.1'],
    ['http://127.000.000.001/', '127.0.0.1'],
    ['http://0/', '0.0.0.0'],
    ['http://0xa9.0xfe.0xa9.0xfe/', '169.254.169.254'],
    ['http://2852039166/', '169.254.169.254'],
    ['http://0251.0376.0251.0376/', '169.254.169.254'],
    ['http://[0:0:0:0:0:ffff:127.0.0.1]/', '[::ffff:7f00:1]'],
    ['http://[::FFFF:127.0.0.1]/', '[::ffff:7f00:1]'],
    ['http://[0000::1]/', '[::1]'],
    ['http://%31%32%37.0.0.1/', '127.0.0.1'],
    ['http://１２７.０.０.１/', '127.0.0.1'],
  ])('%s is %s, refused', (url, host) => {
    const { hostname } = new URL(url);
    expect(hostname).toBe(host);
    expect(addressKind(hostname)).toBeDefined();
  });
});

describe('hostKind', () => {
  it.each([
    ['localhost', 'loopback'],
    ['LOCALHOST.', 'loopback'],
    ['app.localhost', 'loopback'],
    ['metadata.google.internal', 'cloud metadata'],
    ['[::1]', 'loopback'],
    ['10.0.0.1', 'private'],
  ])('%s is %s', (host, kind) => {
    expect(hostKind(host)).toBe(kind);
  });

  it('leaves other names to their resolution', () => {
    expect(hostKind('example.com')).toBeUndefined();
    expect(hostKind('localhost.example.com')).toBeUndefined();
  });
});

describe('the address syntax, without node:net', () => {
  it.each(['1.2.3', '1.2.3.256', '01.2.3.4', '::1::', '1:2:3:4:5:6:7:8:9', 'g::1', '1:2:3:4:5:6:7:1.2.3.4', ''])(
    '%s is no address',
    (text) => {
      expect(ipBytes(text)).toBeUndefined();
    },
  );
  it.each(['1:2:3:4:5:6:7:8', '::', '1::', '::1.2.3.4', '1:2:3:4:5:6:1.2.3.4', 'fe80::1%eth0'])('%s is an address', (text) => {
    expect(ipBytes(text)).toBeDefined();
  });
});
