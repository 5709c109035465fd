import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../../test/admin.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { DRIVERS } from '../../../test/db.ts';
import { fold, snippet } from '../content.search.ts';

type Hit = { id: number; slug: string; type: number; title: string; snippet: string };
type Page = { list: Hit[]; total: number; page: number; size: number };
const S = '/swx/customer/index/searchHelp';

describe('help search folding', () => {
  it('ignores case and accents (Latin, Arabic harakat)', () => {
    expect(fold('GEBÜHREN')).toBe('gebuhren');
    expect(fold('Éléphant')).toBe('elephant');
    expect(fold('تَدَرَّب')).toBe(fold('تدرب'));
  });
  it('cuts a snippet around the match, plain text', () => {
    const body = `${'a '.repeat(200)}the <b>needle</b> here ${'z '.repeat(200)}`;
    const s = snippet(body, fold('NEEDLE'));
    expect(s).toContain('<b>needle</b>');
    expect(s.startsWith('…') && s.endsWith('…')).toBe(true);
    expect(s.length).toBeLessThanOrEqual(162);
    expect(snippet('nothing', 'needle')).toBe('');
    // Cut at whole words.
    const words = `${'alpha beta gamma '.repeat(20)}needle ${'delta epsilon '.repeat(20)}`;
    const cut = snippet(words, 'needle');
    expect(cut).toMatch(/^…(alpha|beta|gamma) /);
    expect(cut).toMatch(/ (delta|epsilon)…$/);
    expect(cut).toContain('needle');
  });
});

describe.each(DRIVERS)('help centre on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(async () => t?.close());

  const search = (q: string, lang = 'en', extra: Record<string, string> = {}) =>
    t.call<Page>('GET', S, { query: { q, ...extra }, headers: { lang } });

  it('finds FAQ and notices in German, case- and accent-insensitively, titles first', async () => {
    const fees = await search('GEBUHREN', 'de');
    expect(fees.body.code).toBe(200);
    expect(fees.body.result.list[0]).toMatchObject({ slug: 'faq-fees', type: 4, title: 'Welche Gebühren fallen an?' });
    const demo = await search('demokonto', 'de');
    const slugs = demo.body.result.list.map((h) => h.slug);
    expect(slugs).toEqual(expect.arrayContaining(['faq-demo', 'notice-demo']));
    expect(demo.body.result.list.find((h) => h.slug === 'notice-demo')?.type).toBe(5);
  });

  it('finds FAQ and notices in Arabic, with or without harakat', async () => {
    const plain = await search('التجريبي', 'ar');
    expect(plain.body.result.list.map((h) => h.slug)).toEqual(expect.arrayContaining(['faq-demo', 'notice-demo']));
    const marked = await search('تدرّب', 'ar');
    expect(marked.body.result.list.map((h) => h.slug)).toContain('notice-demo');
    // The English words do not match the Arabic texts' titles.
    expect((await search('demo', 'ar')).body.result.list.every((h) => !/demo/i.test(h.title))).toBe(true);
  });

  it('is bounded and paged', async () => {
    expect((await search('')).body).toMatchObject({ code: 40001, field: 'q' });
    expect((await search('x'.repeat(65))).body).toMatchObject({ code: 40001, field: 'q' });
    expect((await search('a', 'en', { size: '51' })).body.code).toBe(40001);
    const all = await search('a', 'en', { size: '50' });
    const first = await search('a', 'en', { size: '3', page: '1' });
    const second = await search('a', 'en', { size: '3', page: '2' });
    expect(first.body.result).toMatchObject({ total: all.body.result.total, page: 1, size: 3 });
    expect(first.body.result.list).toHaveLength(3);
    expect(second.body.result.list.map((h) => h.id)).toEqual(all.body.result.list.slice(3, 6).map((h) => h.id));
    expect((await search('zzqqxxnothing')).body.result).toMatchObject({ list: [], total: 0 });
  });

  it('pins a notice to the home page through the admin API, audited; HTML in a notice stays text', async () => {
    const editor = await adminToken(t, 'editor');
    expect((await t.call('GET', '/swx/customer/index/getPinnedNotice')).body).toMatchObject({
      code: 200,
      result: null,
    });
    const created = await t.call<{ id: number }>('POST', '/swx/admin/content', {
      token: editor,
      body: {
        slug: 'notice-maint',
        type: 5,
        translations: { en: { title: 'Maintenance window', body: 'Sunday <script>alert(1)</script> 02:00 UTC.' } },
      },
    });
    const id = created.body.result.id;
    const found = await search('maintenance');
    expect(found.body.result.list[0]).toMatchObject({ id, slug: 'notice-maint' });
    expect(found.body.result.list[0]?.snippet).toBe('');
    expect((await search('alert(1)')).body.result.list[0]?.snippet).toContain('<script>alert(1)</script>');

    const pin = await t.call<{ pinnedAt: string | null }>('POST', `/swx/admin/content/${id}/pin`, {
      token: editor,
      body: { pinned: true },
    });
    expect(pin.body.code, JSON.stringify(pin.body)).toBe(200);
    expect(pin.body.result.pinnedAt).toBe(t.clock.now().toISOString());
    const home = await t.call<{ id: number; title: string; pinnedAt: string }>(
      'GET',
      '/swx/customer/index/getPinnedNotice',
    );
    expect(home.body.result).toMatchObject({ id, title: 'Maintenance window' });
    // Only notices are pinned.
    const faq = (await search('fees')).body.result.list.find((h) => h.type === 4)!;
    expect(
      (await t.call('POST', `/swx/admin/content/${faq.id}/pin`, { token: editor, body: { pinned: true } })).body,
    ).toMatchObject({ code: 40001, field: 'type' });
    // Support staff cannot pin.
    const support = await adminToken(t, 'support');
    expect(
      (await t.call('POST', `/swx/admin/content/${id}/pin`, { token: support, body: { pinned: false } })).body.code,
    ).toBe(40020);

    const unpin = await t.call('POST', `/swx/admin/content/${id}/pin`, { token: editor, body: { pinned: false } });
    expect(unpin.body.code).toBe(200);
    expect((await t.call('GET', '/swx/customer/index/getPinnedNotice')).body.result).toBeNull();

    const audit = await t.call<{ items: { action: string; before: unknown; after: unknown }[] }>(
      'GET',
      '/swx/admin/audit',
      {
        token: await adminToken(t, 'owner'),
        query: { targetType: 'content', targetId: String(id) },
      },
    );
    expect(audit.body.result.items.slice(0, 2)).toMatchObject([
      { action: 'content.unpin', before: { pinnedAt: pin.body.result.pinnedAt }, after: { pinnedAt: null } },
      { action: 'content.pin', before: { pinnedAt: null }, after: { pinnedAt: pin.body.result.pinnedAt } },
    ]);
  });
});
