import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ipAllowed, parseIpEntry } from '../apikeys.ip.ts';
import { MAX_AGE_MS, sign, signatureMatches, signingPayload, timestampFresh } from '../apikeys.signing.ts';

describe('request signing', () => {
  const secret = 'c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3JldA';

  it('is hex HMAC-SHA256 over timestamp + METHOD + path with query + raw body', () => {
    const body = '{"symbol":"BTCUSDT","qty":"0.5"}';
    const expected = createHmac('sha256', secret)
      .update(`1700000000000POST/swx/customer/order/submit?x=1${body}`)
      .digest('hex');
    expect(sign(secret, '1700000000000', 'post', '/swx/customer/order/submit?x=1', body)).toBe(expected);
    expect(sign(secret, '1700000000000', 'POST', '/swx/customer/order/submit?x=1', Buffer.from(body))).toBe(expected);
    // Raw bytes, not a re-serialisation: other whitespace is another signature.
    expect(sign(secret, '1700000000000', 'POST', '/swx/customer/order/submit?x=1', body.replace(':', ': '))).not.toBe(
      expected,
    );
    expect(signingPayload('1', 'get', '/a', '').toString()).toBe('1GET/a');
  });

  it('changes with every signed part', () => {
    const base = sign(secret, '1', 'GET', '/p?a=1', '');
    expect(sign(secret, '2', 'GET', '/p?a=1', '')).not.toBe(base);
    expect(sign(secret, '1', 'POST', '/p?a=1', '')).not.toBe(base);
    expect(sign(secret, '1', 'GET', '/p?a=2', '')).not.toBe(base);
    expect(sign(secret, '1', 'GET', '/p?a=1', 'x')).not.toBe(base);
    expect(sign(`${secret}x`, '1', 'GET', '/p?a=1', '')).not.toBe(base);
  });

  it('compares signatures of any case, refusing malformed ones', () => {
    const s = sign(secret, '1', 'GET', '/p');
    expect(signatureMatches(s, s)).toBe(true);
    expect(signatureMatches(s, s.toUpperCase())).toBe(true);
    expect(signatureMatches(s, `${s.slice(0, 63)}${s[63] === '0' ? '1' : '0'}`)).toBe(false);
    expect(signatureMatches(s, s.slice(0, 62))).toBe(false);
    expect(signatureMatches(s, `${s}00`)).toBe(false);
    expect(signatureMatches(s, 'z'.repeat(64))).toBe(false);
    expect(signatureMatches(s, '')).toBe(false);
  });

  it('accepts timestamps up to the window old and barely ahead, nothing else', () => {
    const now = 1_800_000_000_000;
    expect(timestampFresh(String(now), now)).toBe(true);
    expect(timestampFresh(String(now - MAX_AGE_MS), now)).toBe(true);
    expect(timestampFresh(String(now - MAX_AGE_MS - 1), now)).toBe(false);
    expect(timestampFresh(String(now + 1000), now)).toBe(true);
    expect(timestampFresh(String(now + 1001), now)).toBe(false);
    for (const bad of ['', 'abc', '1e12', '-1', `${now}.5`, ' 1', '9'.repeat(16)]) {
      expect(timestampFresh(bad, now), bad).toBe(false);
    }
  });
});

describe('IP allow-list', () => {
  it('parses addresses and CIDR ranges, IPv4 and IPv6, into a canonical form', () => {
    expect(parseIpEntry(' 203.0.113.7 ')).toBe('203.0.113.7');
    expect(parseIpEntry('10.0.0.0/8')).toBe('10.0.0.0/8');
    expect(parseIpEntry('2001:DB8::1')).toBe('2001:db8::1');
    expect(parseIpEntry('2001:db8::/32')).toBe('2001:db8::/32');
    expect(parseIpEntry('0.0.0.0/0')).toBe('0.0.0.0/0');
    for (const bad of [
      '',
      'localhost',
      '256.1.1.1',
      '1.2.3',
      '1.2.3.4/33',
      '1.2.3.4/',
      '1.2.3.4/a',
      '::1/129',
      'fe80::1%eth0',
      '1.2.3.4/08x',
    ]) {
      expect(parseIpEntry(bad), bad).toBeNull();
    }
  });

  it('matches single addresses and ranges of either family; an empty list allows all', () => {
    const list = ['203.0.113.7', '10.0.0.0/8', '2001:db8::/32'];
    expect(ipAllowed(list, '203.0.113.7')).toBe(true);
    expect(ipAllowed(list, '203.0.113.8')).toBe(false);
    expect(ipAllowed(list, '10.255.1.2')).toBe(true);
    expect(ipAllowed(list, '11.0.0.1')).toBe(false);
    expect(ipAllowed(list, '2001:db8:ffff::5')).toBe(true);
    expect(ipAllowed(list, '2001:db9::5')).toBe(false);
    // An IPv4 client on a dual-stack socket.
    expect(ipAllowed(list, '::ffff:10.1.2.3')).toBe(true);
    expect(ipAllowed(list, '::ffff:12.1.2.3')).toBe(false);
    expect(ipAllowed([], '198.51.100.1')).toBe(true);
    expect(ipAllowed(['::1'], '::1')).toBe(true);
    expect(ipAllowed(['::1'], '127.0.0.1')).toBe(false);
    expect(ipAllowed(list, 'not-an-ip')).toBe(false);
  });
});
