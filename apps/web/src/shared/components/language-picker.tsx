import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@openbourse/contracts/languages.ts';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '@/shared/i18n/use-change-language';
import { useSession } from '@/shared/session/use-session';
import { IconCheck } from './icons';
import { Modal } from './modal';

let open = false;
const listeners = new Set<() => void>();
const setOpen = (value: boolean) => {
  open = value;
  for (const l of listeners) l();
};

/** Any component may open the picker; the app shell renders it once. */
export const languagePicker = {
  open: () => setOpen(true),
  close: () => setOpen(false),
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  isOpen: () => open,
};

/** The languages in their own names, the active one marked. */
export function LanguageList({ onChosen }: { onChosen?(lang: Language): void }) {
  const { t } = useTranslation();
  const current = useSession((s) => s.language);
  const choose = async (lang: Language) => {
    onChosen?.(lang);
    if (lang !== current) await changeLanguage(lang);
  };
  return (
    <ul className="lang-list" aria-label={t('language.title')}>
      {LANGUAGES.map((lang) => {
        const active = lang === current;
        return (
          <li key={lang}>
            <button
              type="button"
              className={`lang-list__option ${active ? 'is-active' : ''}`}
              lang={lang === 'hk' ? 'zh-HK' : lang === 'zh' ? 'zh-CN' : lang}
              aria-current={active ? 'true' : undefined}
              data-autofocus={active ? true : undefined}
              onClick={() => void choose(lang)}
              data-testid={`lang-option-${lang}`}
            >
              <span className="lang-list__name">{LANGUAGE_NAMES[lang]}</span>
              <span className="lang-list__code" aria-hidden="true">
                {lang.toUpperCase()}
              </span>
              {active ? <IconCheck className="lang-list__check" title={t('language.current')} /> : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

export function LanguagePickerModal() {
  const { t } = useTranslation();
  const isOpen = useSyncExternalStore(languagePicker.subscribe, languagePicker.isOpen, languagePicker.isOpen);
  const isDesktop = useSession((s) => s.isDesktop);
  return (
    <Modal
      open={isOpen}
      onClose={languagePicker.close}
      title={t('language.title')}
      variant={isDesktop ? 'center' : 'sheet'}
      testId="lang-modal"
    >
      <LanguageList onChosen={languagePicker.close} />
    </Modal>
  );
}
