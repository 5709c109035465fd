import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { LanguagePickerModal } from '@/shared/components/language-picker';
import { AfterIdle } from '@/shared/components/after-idle';
import { Toaster } from '@/shared/components/toast/toaster';
import { PwaRuntime } from '@/features/pwa/components/pwa-runtime';
import { sessionStore } from '@/shared/session/session-store';
import { useSession } from '@/shared/session/use-session';
import { DesktopHeader } from './desktop-header';
import { MobileTabBar } from './mobile-tab-bar';
import { MobileTopBar } from './mobile-top-bar';
import { boardAllowed, isAuthPath } from './layout-paths';
import { FOOTER_HIDDEN_PATHS } from './nav-items';
import { OnboardingBoard } from './onboarding-board';
import { ScrollToTop } from './scroll-to-top';
import { SessionBootstrap } from './session-bootstrap';
import { prefetchFooter, SiteFooter } from './site-footer';

async function loadBoard() {
  sessionStore.loadBoard();
}

function BoardUntilSeen() {
  const showBoard = useSession((s) => s.showBoard);
  return showBoard ? <OnboardingBoard /> : null;
}

export function RootLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const isDesktop = useSession((s) => s.isDesktop);
  const language = useSession((s) => s.language);
  const queryClient = useQueryClient();
  const auth = isAuthPath(pathname);
  const showFooter = !FOOTER_HIDDEN_PATHS.has(pathname) && !auth;
  // The footer (below the fold, with its content lists and social links) and the onboarding board
  // (an overlay that fades in) are not part of the first paint: they mount once the browser is idle,
  // so the first render and its layout stay small; the footer only when its place comes near the
  // viewport (or the visitor engages). Its data is loaded first, so it arrives complete.
  const prepareFooter = () => prefetchFooter(queryClient, language);

  return (
    <>
      <ScrollToTop />
      <SessionBootstrap />
      <PwaRuntime />
      {navigation.state === 'loading' ? (
        <div className="nav-progress" role="progressbar" aria-label={t('common.loading')} />
      ) : null}
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      {isDesktop ? (
        <div className={`d-shell ${auth ? 'd-shell--auth' : ''}`}>
          <DesktopHeader focused={auth} />
          <main id="main" className="d-main" tabIndex={-1}>
            <Outlet />
          </main>
          {showFooter ? (
            <AfterIdle prepare={prepareFooter} whenNear>
              <SiteFooter />
            </AfterIdle>
          ) : null}
        </div>
      ) : (
        <div className={`m-shell ${auth ? 'm-shell--auth' : ''}`}>
          <MobileTopBar />
          <main id="main" className="m-main" tabIndex={-1}>
            <Outlet />
          </main>
          {showFooter ? (
            <AfterIdle prepare={prepareFooter} whenNear>
              <SiteFooter compact />
            </AfterIdle>
          ) : null}
          {auth ? null : <MobileTabBar />}
          {boardAllowed(pathname) ? (
            <AfterIdle prepare={loadBoard}>
              <BoardUntilSeen />
            </AfterIdle>
          ) : null}
        </div>
      )}
      <LanguagePickerModal />
      <Toaster />
    </>
  );
}
