import { LANGUAGE_NAMES } from '@openbourse/contracts/languages.ts';
import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconChevronDown, IconGlobe } from '@/shared/components/icons';
import { LanguageList } from '@/shared/components/language-picker';
import { useDismiss } from '@/shared/hooks/use-dismiss';
import { useSession } from '@/shared/session/use-session';

/** Desktop: the language list drops down from the top bar. */
export function LanguageDropdown() {
  const { t } = useTranslation();
  const lang = useSession((s) => s.language);
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, close);
  return (
    <div className="dropdown" ref={ref}>
      <button
        type="button"
        className="d-header__lang"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('language.change', { language: LANGUAGE_NAMES[lang] })}
        onClick={() => setOpen((v) => !v)}
        data-testid="lang-button"
      >
        <IconGlobe />
        <span>{LANGUAGE_NAMES[lang]}</span>
        <IconChevronDown className="dropdown__chevron" />
      </button>
      {open ? (
        <div className="dropdown__panel dropdown__panel--lang" id={panelId}>
          <p className="dropdown__heading">{t('language.title')}</p>
          <LanguageList onChosen={close} />
        </div>
      ) : null}
    </div>
  );
}
