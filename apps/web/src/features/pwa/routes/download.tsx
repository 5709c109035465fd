import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/components/button';
import { IconBell, IconBolt, IconCheck, IconSparkle } from '@/shared/components/icons';
import { Page } from '@/shared/components/page';
import { QrCode } from '@/shared/components/qr-code';
import { toast } from '@/shared/components/toast/toast-store';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useSiteName } from '@/shared/api/get-param';
import { useSession } from '@/shared/session/use-session';
import {
  IllustrationAddToHome,
  IllustrationMenu,
  IllustrationPhone,
  IllustrationShare,
} from '../components/install-illustrations';
import { installStore, isIos, isStandalone, listenForInstallPrompt, promptInstall } from '../lib/install';
import { useStore } from '../lib/store';
import '../pwa.css';

type Mode = 'installed' | 'prompt' | 'ios' | 'manual';

/**
 * /download: installs the web app (the default `down_url`). Chromium (Android, desktop) offers its
 * install prompt behind the "Install" button; iOS Safari is shown Share → Add to Home Screen; an
 * app already running installed says so; other browsers get their menu's "Install app". On a
 * computer a QR code carries the page to the phone.
 */
export default function DownloadRoute() {
  const { t } = useTranslation();
  const site = useSiteName();
  const isDesktop = useSession((s) => s.isDesktop);
  const { prompt, installed } = useStore(installStore);
  const [standalone, setStandalone] = useState(isStandalone);
  useDocumentTitle(t('pwa.download.title', { site }));

  useEffect(() => {
    listenForInstallPrompt();
    const query = window.matchMedia?.('(display-mode: standalone)');
    const update = () => setStandalone(isStandalone());
    query?.addEventListener?.('change', update);
    return () => query?.removeEventListener?.('change', update);
  }, []);

  const mode: Mode = standalone || installed ? 'installed' : prompt ? 'prompt' : isIos() ? 'ios' : 'manual';

  const install = async () => {
    if (await promptInstall()) toast.success(t('pwa.download.installedToast', { site }));
  };

  const benefits = [
    { icon: <IconBolt />, text: t('pwa.download.benefitFast') },
    { icon: <IconBell />, text: t('pwa.download.benefitNotify') },
    { icon: <IconSparkle />, text: t('pwa.download.benefitUpdates') },
  ];

  return (
    <Page title={t('pwa.download.title', { site })} subtitle={t('pwa.download.subtitle')} className="download">
      <div className="download__grid">
        <section className="card download__card" data-testid="download-card" data-mode={mode}>
          {mode === 'installed' ? (
            <div className="download__status" data-testid="download-installed">
              <span className="download__status-icon" aria-hidden="true">
                <IconCheck />
              </span>
              <div>
                <h2 className="download__heading">{t('pwa.download.installedTitle')}</h2>
                <p className="download__text">{t('pwa.download.installedText', { site })}</p>
              </div>
            </div>
          ) : mode === 'prompt' ? (
            <div className="download__install">
              <h2 className="download__heading">{t('pwa.download.installTitle')}</h2>
              <p className="download__text">{t('pwa.download.installText', { site })}</p>
              <Button size="lg" onClick={() => void install()} data-testid="download-install">
                {t('pwa.download.installButton')}
              </Button>
            </div>
          ) : mode === 'ios' ? (
            <div data-testid="download-ios">
              <h2 className="download__heading">{t('pwa.download.iosTitle')}</h2>
              <ol className="download__steps">
                <li className="download__step">
                  <span className="download__step-art" aria-hidden="true">
                    <IllustrationShare />
                  </span>
                  <span>{t('pwa.download.iosStep1')}</span>
                </li>
                <li className="download__step">
                  <span className="download__step-art" aria-hidden="true">
                    <IllustrationAddToHome />
                  </span>
                  <span>{t('pwa.download.iosStep2')}</span>
                </li>
                <li className="download__step">
                  <span className="download__step-art download__step-art--text" aria-hidden="true">
                    {t('pwa.download.iosAdd')}
                  </span>
                  <span>{t('pwa.download.iosStep3', { site })}</span>
                </li>
              </ol>
              <p className="download__note">{t('pwa.download.iosNote')}</p>
            </div>
          ) : (
            <div data-testid="download-manual">
              <h2 className="download__heading">{t('pwa.download.manualTitle')}</h2>
              <ol className="download__steps">
                <li className="download__step">
                  <span className="download__step-art" aria-hidden="true">
                    <IllustrationMenu />
                  </span>
                  <span>{t('pwa.download.manualStep1')}</span>
                </li>
                <li className="download__step">
                  <span className="download__step-art" aria-hidden="true">
                    <IllustrationAddToHome />
                  </span>
                  <span>{t('pwa.download.manualStep2')}</span>
                </li>
              </ol>
              <p className="download__note">{t('pwa.download.manualNote')}</p>
            </div>
          )}
          <ul className="download__benefits">
            {benefits.map((b) => (
              <li key={b.text} className="download__benefit">
                <span className="download__benefit-icon" aria-hidden="true">
                  {b.icon}
                </span>
                {b.text}
              </li>
            ))}
          </ul>
        </section>
        <aside className="card download__aside">
          {isDesktop && mode !== 'installed' ? (
            <>
              <QrCode
                text={`${window.location.origin}/download`}
                label={t('pwa.download.qrLabel')}
                size={160}
                className="download__qr"
                testId="download-qr"
              />
              <p className="download__text">{t('pwa.download.qrText')}</p>
            </>
          ) : (
            <IllustrationPhone className="download__phone" />
          )}
        </aside>
      </div>
    </Page>
  );
}
