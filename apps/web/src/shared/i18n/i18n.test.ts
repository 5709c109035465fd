import { describe, expect, it } from 'vitest';
import { errorText, errorTextOf, hasMessages, i18n, isRtl, loadLanguage } from './i18n';

describe('i18n', () => {
  it('loads English and translates app texts and catalogue codes', async () => {
    await loadLanguage('en');
    expect(i18n.t('form.passwordMismatch')).toBe('Password input is inconsistent');
    expect(errorText('timeout')).toBe('The network timed out. Please check the order list before trying again');
    expect(errorTextOf(99999)).toBe('Unknown error');
    expect(document.documentElement.lang).toBe('en');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('switches to Arabic: right-to-left, Arabic error texts', async () => {
    await loadLanguage('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    expect(isRtl('ar')).toBe(true);
    expect(errorText(10004)).not.toBe('The password is wrong');
    expect(errorText(10004).length).toBeGreaterThan(0);
    await loadLanguage('en');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('falls back to English for app texts a language does not have yet', async () => {
    await loadLanguage('ja');
    const text = i18n.t('nav.home');
    if (hasMessages('ja', 'app')) expect(text).not.toBe('nav.home');
    else expect(text).toBe('Home');
    expect(document.documentElement.lang).toBe('ja');
    await loadLanguage('en');
  });

  it('uses BCP 47 tags for Chinese', async () => {
    await loadLanguage('hk');
    expect(document.documentElement.lang).toBe('zh-HK');
    await loadLanguage('zh');
    expect(document.documentElement.lang).toBe('zh-CN');
    await loadLanguage('en');
  });

  it('lets the last of overlapping switches win', async () => {
    await Promise.all([loadLanguage('de'), loadLanguage('fr')]);
    expect(document.documentElement.lang).toBe('fr');
    await loadLanguage('en');
  });

  it('fills {placeholders} in catalogue texts', async () => {
    await loadLanguage('en');
    expect(errorText(40001, { field: 'email' })).toBe('Please check the field: email');
  });
});
