import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '@/shared/test/mock-api';
import { contentListType, listContents } from './list-contents';

afterEach(() => vi.unstubAllGlobals());

describe('content lists as the spec’s client asks for them', () => {
  it('asks for list 1 in Chinese and 2 in every other language', () => {
    expect(contentListType('zh')).toBe(1);
    for (const lang of ['en', 'ja', 'ko', 'th', 'de', 'fr', 'it', 'es', 'ar', 'hk'] as const) {
      expect(contentListType(lang)).toBe(2);
    }
  });

  it('asks for every footer item without itemType, and for one type with it', async () => {
    const api = mockApi({ 'GET index/listContents/*': () => ok([]) });
    await listContents('zh');
    await listContents('ar', 4);
    expect(api.calls.map((c) => [c.path, c.query.get('itemType')])).toEqual([
      ['index/listContents/1', null],
      ['index/listContents/2', '4'],
    ]);
  });
});
