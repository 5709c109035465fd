import { LANGUAGES } from '@openbourse/contracts/languages.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../../../test/app.ts';
import { DRIVERS } from '../../../test/db.ts';
import { readSeed } from '../content.service.ts';

type Summary = { id: number; slug: string; type: number; title: string; summary: string };

describe('content seed files', () => {
  const en = readSeed('en');
  it('has the company, policy, legal, FAQ and notice items in English', () => {
    const slugs = en.map((i) => i.slug);
    for (const s of [
      'about-us',
      'contact-us',
      'terms',
      'privacy',
      'risk-warning',
      'cookie-policy',
      'disclaimer',
      'advertising',
      'licence-supervision',
    ]) {
      expect(slugs).toContain(s);
    }
    expect(slugs.filter((s) => s.startsWith('faq-')).length).toBeGreaterThanOrEqual(6);
    expect(slugs.filter((s) => s.startsWith('notice-')).length).toBeGreaterThanOrEqual(3);
  });
  it.each(LANGUAGES.filter((l) => l !== 'en'))('is translated into %s with the same items and tokens', (lang) => {
    const items = readSeed(lang);
    expect(items.map((i) => i.slug)).toEqual(en.map((i) => i.slug));
    items.forEach((item, i) => {
      const source = en[i]!;
      expect(item.body).not.toBe(source.body);
      const tokens = (s: string) => (s.match(/\{(site|supportEmail)\}/g) ?? []).sort();
      expect(tokens(item.body)).toEqual(tokens(source.body));
      expect(item.body.length).toBeGreaterThan(80);
    });
  });
});

describe.each(DRIVERS)('content and parameters API on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(async () => t?.close());

  const L = '/swx/customer/index/listContents';
  const COMPANY = ['about-us', 'contact-us'];
  const POLICY = ['terms', 'privacy', 'risk-warning', 'cookie-policy', 'disclaimer'];
  const OTHER = ['advertising', 'licence-supervision'];

  it('answers the spec client’s list (2): every footer item with its type, company, policy, other, {site} filled in', async () => {
    const all = await t.call<Summary[]>('GET', `${L}/2`);
    expect(all.body.code).toBe(200);
    expect(all.body.result.map((c) => c.slug)).toEqual([...COMPANY, ...POLICY, ...OTHER]);
    expect(all.body.result.map((c) => c.type)).toEqual([1, 1, 2, 2, 2, 2, 2, 3, 3]);
    for (const item of all.body.result)
      expect(`${item.title} ${item.summary}`).not.toMatch(/\{site\}|\{supportEmail\}/);
    // 2 is every language but Chinese, in the request language.
    const de = await t.call<Summary[]>('GET', `${L}/2`, { headers: { lang: 'de' } });
    expect(de.body.result.map((c) => c.id)).toEqual(all.body.result.map((c) => c.id));
    expect(de.body.result[0]?.title).not.toBe(all.body.result[0]?.title);
    // 1 is the Chinese list, whatever the request language.
    const zh = await t.call<Summary[]>('GET', `${L}/1`, { headers: { lang: 'de' } });
    expect(zh.body.result.map((c) => c.id)).toEqual(all.body.result.map((c) => c.id));
    expect(zh.body.result[0]?.title).toMatch(/[\u4e00-\u9fff]/);
  });

  it('answers one item type when asked (itemType): company, policy, other, FAQ (4) and notices (5)', async () => {
    const of = async (itemType: number) => (await t.call<Summary[]>('GET', `${L}/2?itemType=${itemType}`)).body.result;
    expect((await of(1)).map((c) => c.slug)).toEqual(COMPANY);
    expect((await of(2)).map((c) => c.slug)).toEqual(POLICY);
    expect((await of(3)).map((c) => c.slug)).toEqual(OTHER);
    const faq = await of(4);
    expect(faq.length).toBeGreaterThanOrEqual(6);
    expect(faq.every((c) => c.type === 4)).toBe(true);
    expect((await of(5)).length).toBeGreaterThanOrEqual(3);
  });

  it('opens an item by id and by slug, in Arabic, and answers 80005 for an unknown one', async () => {
    const list = await t.call<Summary[]>('GET', `${L}/2?itemType=2`);
    const terms = list.body.result[0]!;
    const byId = await t.call<{ body: string; lang: string; slug: string }>(
      'GET',
      `/swx/customer/index/getContentsById/${terms.id}`,
    );
    expect(byId.body.result).toMatchObject({ slug: 'terms', lang: 'en' });
    expect(byId.body.result.body.length).toBeGreaterThan(500);
    expect(byId.body.result.body).not.toContain('{site}');
    const ar = await t.call<{ lang: string; title: string }>('GET', '/swx/customer/index/getContentsById/terms', {
      headers: { lang: 'ar' },
    });
    expect(ar.body.result.lang).toBe('ar');
    expect(ar.body.result.title).toMatch(/[\u0600-\u06FF]/);
    expect((await t.call('GET', '/swx/customer/index/getContentsById/999999')).body.code).toBe(80005);
  });

  it('rejects bad content parameters with a catalogue code', async () => {
    for (const url of [
      '/swx/customer/index/listContents/0',
      '/swx/customer/index/listContents/3',
      '/swx/customer/index/listContents/2?itemType=6',
      '/swx/customer/index/listContents/2?itemType=x',
      '/swx/customer/index/listContents/abc',
      '/swx/customer/index/listContents/99999999999999999999',
      '/swx/customer/index/getContentsById/%3Cscript%3E',
      `/swx/customer/index/getContentsById/${'a'.repeat(90)}`,
    ]) {
      const r = await t.call('GET', url);
      expect(r.status, url).toBe(200);
      expect(r.body.code, url).toBe(40001);
    }
    // Path parameters over Fastify's limit never reach a handler: HTTP 414, still an envelope.
    const long = await t.call('GET', `/swx/customer/index/getContentsById/${'a'.repeat(10_000)}`);
    expect(long.status).toBe(414);
    expect(long.body.code).toBe(41300);
  });

  it('reads public parameters and hides unknown ones (10018)', async () => {
    const down = await t.call<{ paramKey: string; paramValue: string }>(
      'GET',
      '/swx/customer/index/getParamByKey/down_url',
    );
    expect(down.body.result).toMatchObject({ paramKey: 'down_url' });
    expect(down.body.result.paramValue.length).toBeGreaterThan(0);
    const demo = await t.call<{ paramValue: string }>('GET', '/swx/customer/index/getParamByKey/demo_initial_balance');
    expect(demo.body.result.paramValue).toBe('100000');
    expect((await t.call('GET', '/swx/customer/index/getParamByKey/no_such_key')).body.code).toBe(10018);
    expect((await t.call('GET', '/swx/customer/index/getParamByKey/bad%20key')).body.code).toBe(40001);
  });

  it('computes the home figures from live data', async () => {
    const before = await t.call<{ registeredUsers: number; lowestFeeRate: string; volume24hUsdt: string }>(
      'GET',
      '/swx/customer/index/getHomeStats',
    );
    expect(before.body.result.lowestFeeRate).toBe('0.0005');
    await registerUser(t);
    t.clock.advance(11_000);
    const after = await t.call<{ registeredUsers: number }>('GET', '/swx/customer/index/getHomeStats');
    expect(after.body.result.registeredUsers).toBe(before.body.result.registeredUsers + 1);
  });
});
