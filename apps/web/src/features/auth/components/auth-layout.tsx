import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteName } from '@/shared/api/get-param';
import { IconCheck } from '@/shared/components/icons';
import { useSession } from '@/shared/session/use-session';
import '../auth.css';

/** Login, register and reset: the form in a card, beside a brand panel on desktop. */
export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  const site = useSiteName();
  const isDesktop = useSession((s) => s.isDesktop);
  return (
    <div className="auth">
      {isDesktop ? (
        <aside className="auth__aside" aria-hidden="true">
          <div className="auth__grid" />
          <div className="auth__aside-copy">
            <p className="auth__aside-eyebrow">{site}</p>
            <p className="auth__aside-title">{t('auth.aside.title')}</p>
            <ul className="auth__aside-points">
              {(['one', 'two', 'three'] as const).map((k) => (
                <li key={k}>
                  <IconCheck />
                  {t(`auth.aside.${k}`)}
                </li>
              ))}
            </ul>
          </div>
        </aside>
      ) : null}
      <div className="auth__main">
        <div className="auth__card">
          <h1 className="auth__title">{title}</h1>
          {subtitle ? <p className="auth__subtitle">{subtitle}</p> : null}
          {children}
        </div>
        {footer ? <div className="auth__footer">{footer}</div> : null}
      </div>
    </div>
  );
}
