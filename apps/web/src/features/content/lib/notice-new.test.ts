import { describe, expect, it } from 'vitest';
import { isNewNotice, markNoticeRead, NEW_DAYS } from './notice-new';

function memory() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
}

describe('notices marked new', () => {
  const now = Date.parse('2026-11-27T09:00:00Z');
  const day = 86_400_000;
  it('is new when published within the window and not opened in this browser', () => {
    const s = memory();
    const item = { id: 7, updatedAt: new Date(now - 2 * day).toISOString() };
    expect(isNewNotice(item, now, s)).toBe(true);
    markNoticeRead(7, s);
    expect(isNewNotice(item, now, s)).toBe(false);
    expect(isNewNotice({ id: 8, updatedAt: item.updatedAt }, now, s)).toBe(true);
  });
  it('is not new past the window, with a bad date, or with storage garbage it ignores', () => {
    const s = memory();
    expect(isNewNotice({ id: 1, updatedAt: new Date(now - (NEW_DAYS + 1) * day).toISOString() }, now, s)).toBe(false);
    expect(isNewNotice({ id: 1, updatedAt: 'nope' }, now, s)).toBe(false);
    s.setItem('ob.notices.read', '{bad json');
    expect(isNewNotice({ id: 1, updatedAt: new Date(now).toISOString() }, now, s)).toBe(true);
    expect(isNewNotice({ id: 1, updatedAt: new Date(now).toISOString() }, now, undefined)).toBe(true);
  });
  it('keeps at most 200 read ids, the newest', () => {
    const s = memory();
    for (let i = 1; i <= 205; i++) markNoticeRead(i, s);
    const ids = JSON.parse(s.getItem('ob.notices.read') ?? '[]') as number[];
    expect(ids).toHaveLength(200);
    expect(ids[0]).toBe(6);
    expect(isNewNotice({ id: 3, updatedAt: new Date(now).toISOString() }, now, s)).toBe(true);
  });
});
