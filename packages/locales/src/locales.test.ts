import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '@openbourse/contracts/languages.ts';
import { describe, expect, it } from 'vitest';

/**
 * Every language carries every text: a key missing in one language would show English (or a raw
 * key) to its users. Placeholders must survive translation unchanged.
 */
const dir = path.join(path.dirname(new URL(import.meta.url).pathname), 'messages');
const PLURAL = /_(zero|one|two|few|many|other)$/;

type Tree = { [k: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of leaves(v, key)) out.set(kk, vv);
  }
  return out;
}

const load = (lang: string, file: string): Tree => JSON.parse(fs.readFileSync(path.join(dir, lang, file), 'utf8'));
const placeholders = (s: string) => [...new Set(s.match(/\{\{?\s*\w+\s*\}?\}/g) ?? [])].sort();
/** Plural variants count as one key: languages have different plural categories. */
const base = (key: string) => key.replace(PLURAL, '');
/**
 * Instrument names by code: English reads the server's names (so an operator's rename shows), and
 * a language lists the names it writes its own way; every other language lists the same codes.
 */
const INSTRUMENT = /^instruments\./;

describe.each(['errors.json', 'app.json'])('%s', (file) => {
  const en = leaves(load('en', file));
  const enBases = new Set([...en.keys()].map(base));

  it.each(LANGUAGES)("%s writes placeholders with single braces (the apps' i18n: {name})", (lang) => {
    const doubled = [...leaves(load(lang, file))].filter(([, v]) => /\{\{\s*\w+\s*\}\}/.test(v)).map(([k]) => k);
    expect(doubled).toEqual([]);
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s has every key, translated, with the same placeholders', (lang) => {
    const other = leaves(load(lang, file));
    const otherBases = new Set([...other.keys()].map(base).filter((k) => !INSTRUMENT.test(k)));
    expect(
      [...enBases].filter((k) => !otherBases.has(k)),
      'missing keys',
    ).toEqual([]);
    expect(
      [...otherBases].filter((k) => !enBases.has(k)),
      'unknown keys',
    ).toEqual([]);
    let same = 0;
    for (const [key, value] of other) {
      expect(value.trim(), `${lang} ${key}`).not.toBe('');
      if (INSTRUMENT.test(key)) continue;
      const source = en.get(key) ?? en.get(`${base(key)}_other`) ?? en.get(base(key)) ?? '';
      expect(placeholders(value), `${lang} ${key}`).toEqual(placeholders(source));
      if (value === source && /[a-z]{4,}/i.test(value)) same += 1;
    }
    // Brand names and codes may stay as they are; whole untranslated sections may not.
    expect(same / other.size).toBeLessThan(0.1);
  });
});

describe('instrument names', () => {
  const codes = (lang: string) => [...leaves(load(lang, 'app.json')).keys()].filter((k) => INSTRUMENT.test(k)).sort();
  it('are the server’s in English and listed for the same instruments in every other language', () => {
    expect(codes('en')).toEqual([]);
    const reference = codes('ja');
    expect(reference.length).toBeGreaterThan(40);
    for (const lang of LANGUAGES.filter((l) => l !== 'en')) expect(codes(lang), lang).toEqual(reference);
  });
});
