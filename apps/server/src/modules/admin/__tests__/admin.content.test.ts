import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../../test/admin.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { DRIVERS } from '../../../test/db.ts';

type Item = { id: number; slug: string; translations: Record<string, { title: string; body: string }> };

describe.each(DRIVERS)('admin content on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(async () => t?.close());

  it('shows every item in all languages, saves an edit the user app shows at once, creates items, audits', async () => {
    const editor = await adminToken(t, 'editor');
    const list = (await t.call<Item[]>('GET', '/swx/admin/content', { token: editor })).body.result;
    expect(list.length).toBeGreaterThan(5);
    const item = list.find((i) => Object.keys(i.translations).length === 11);
    expect(item, 'an item translated into all 11 languages').toBeDefined();

    const saved = await t.call<Item>('POST', `/swx/admin/content/${item!.id}`, {
      token: editor,
      body: { translations: { ja: { title: '新しいタイトル', summary: '', body: '本文が変わりました。' } } },
    });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.result.translations.ja?.title).toBe('新しいタイトル');
    // Other languages are untouched.
    expect(saved.body.result.translations.en).toEqual(item!.translations.en);

    const shown = await t.call<{ title: string; body: string }>(
      'GET',
      `/swx/customer/index/getContentsById/${item!.id}`,
      {
        headers: { lang: 'ja' },
      },
    );
    expect(shown.body.result).toMatchObject({ title: '新しいタイトル', body: '本文が変わりました。' });

    // A title is required; English is required for a new item; a slug once.
    const bad = await t.call('POST', `/swx/admin/content/${item!.id}`, {
      token: editor,
      body: { translations: { de: { title: '', summary: '', body: 'x' } } },
    });
    expect(bad.body.code).toBe(40001);
    const noEnglish = await t.call('POST', '/swx/admin/content', {
      token: editor,
      body: { slug: 'new-notice', type: 5, translations: { fr: { title: 'Avis', body: 'Texte' } } },
    });
    expect(noEnglish.body.code).toBe(40001);
    const created = await t.call<Item>('POST', '/swx/admin/content', {
      token: editor,
      body: { slug: 'new-notice', type: 5, translations: { en: { title: 'Maintenance', body: 'Sunday 02:00 UTC.' } } },
    });
    expect(created.body).toMatchObject({ code: 200, result: { slug: 'new-notice' } });
    const again = await t.call('POST', '/swx/admin/content', {
      token: editor,
      body: { slug: 'new-notice', type: 5, translations: { en: { title: 'Again', body: 'x' } } },
    });
    expect(again.body).toMatchObject({ code: 40900, field: 'slug' });

    const owner = await adminToken(t, 'owner');
    const audit = await t.call<{ items: { action: string; before: unknown; after: unknown }[] }>(
      'GET',
      '/swx/admin/audit',
      {
        token: owner,
        query: { targetType: 'content', targetId: String(item!.id) },
      },
    );
    expect(audit.body.result.items[0]).toMatchObject({
      action: 'content.update',
      before: { translations: { ja: { title: item!.translations.ja?.title } } },
      after: { translations: { ja: { title: '新しいタイトル' } } },
    });
    // Support staff do not edit content.
    expect((await t.call('GET', '/swx/admin/content', { token: await adminToken(t, 'support') })).body.code).toBe(
      40020,
    );
  });
});
