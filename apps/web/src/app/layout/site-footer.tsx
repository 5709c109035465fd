import type { ContentSummary } from '@openbourse/contracts/content.ts';
import type { Language } from '@openbourse/contracts/languages.ts';
import type { QueryClient } from '@tanstack/react-query';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { detailPath, footerContentQuery, useFooterContent, type ContentTypeCode } from '@/shared/api/list-contents';
import { paramQuery, safeExternalUrl, useParam, useSiteName } from '@/shared/api/get-param';
import {
  IconPhone,
  IconDiscord,
  IconGithub,
  IconLogoMark,
  type IconProps,
  IconTelegram,
  IconX,
} from '@/shared/components/icons';
import { Skeleton } from '@/shared/components/skeleton';
import { yieldToMain } from '@/shared/lib/idle';
import type { ComponentType } from 'react';

const GROUPS: { type: ContentTypeCode; titleKey: 'footer.company' | 'footer.legal' | 'footer.more' }[] = [
  { type: 1, titleKey: 'footer.company' },
  { type: 2, titleKey: 'footer.legal' },
  { type: 3, titleKey: 'footer.more' },
];

function ContentGroup({ type, title }: { type: ContentTypeCode; title: string }) {
  const { data: all, isPending } = useFooterContent();
  const data = all?.filter((item) => item.type === type);
  const location = useLocation();
  if (!isPending && (!data || data.length === 0)) return null;
  const openItem = (event: MouseEvent, item: ContentSummary) => {
    // Already showing this item: stay put instead of stacking a duplicate history entry.
    const current = new URLSearchParams(location.search).get('id');
    if (location.pathname === '/detail' && current === String(item.id)) event.preventDefault();
  };
  return (
    <div className="footer__col">
      <h2 className="footer__heading">{title}</h2>
      <ul className="footer__links">
        {isPending
          ? [0, 1, 2].map((i) => (
              <li key={i}>
                <Skeleton width="70%" />
              </li>
            ))
          : data?.map((item) => (
              <li key={item.id}>
                <Link
                  to={detailPath(item)}
                  onClick={(e) => openItem(e, item)}
                  data-testid={`footer-content-${item.slug}`}
                >
                  {item.title}
                </Link>
              </li>
            ))}
      </ul>
    </div>
  );
}

const SOCIAL: {
  key: 'social_github' | 'social_x' | 'social_telegram' | 'social_discord';
  label: string;
  Icon: ComponentType<IconProps>;
}[] = [
  { key: 'social_github', label: 'GitHub', Icon: IconGithub },
  { key: 'social_x', label: 'X', Icon: IconX },
  { key: 'social_telegram', label: 'Telegram', Icon: IconTelegram },
  { key: 'social_discord', label: 'Discord', Icon: IconDiscord },
];

function SocialIcon({
  paramKey,
  label,
  Icon,
}: {
  paramKey: (typeof SOCIAL)[number]['key'];
  label: string;
  Icon: ComponentType<IconProps>;
}) {
  const url = safeExternalUrl(useParam(paramKey));
  // Without a configured link the icon stays, described but not clickable.
  if (!url) {
    return (
      <span className="footer__social footer__social--static">
        <Icon title={label} />
      </span>
    );
  }
  return (
    <a className="footer__social" href={url} target="_blank" rel="noopener noreferrer" aria-label={label}>
      <Icon />
    </a>
  );
}

/**
 * Loads everything the footer shows, so it can render complete, without placeholders. One call per
 * task: starting a request takes the main thread a moment, and together they would block it.
 */
export async function prefetchFooter(queryClient: QueryClient, lang: Language): Promise<void> {
  const queries = [
    footerContentQuery(lang),
    ...(['site_name', 'down_url', ...SOCIAL.map((s) => s.key)] as const).map((key) => paramQuery(key)),
  ];
  const pending: Promise<void>[] = [];
  for (const query of queries) {
    pending.push(queryClient.prefetchQuery(query as Parameters<QueryClient['prefetchQuery']>[0]));
    await yieldToMain();
  }
  await Promise.all(pending);
}

export function SiteFooter({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const site = useSiteName();
  const downloadUrl = safeExternalUrl(useParam('down_url'));
  const year = new Date().getFullYear();
  const products = [
    { to: '/market', label: t('footer.products.markets') },
    { to: '/loan', label: t('footer.products.investLoans') },
    { to: '/nfts', label: t('footer.products.nfts') },
    { to: '/trading', label: t('footer.products.smartTrading') },
    { to: '/profile/liabilities', label: t('footer.liabilities') },
  ];
  return (
    <footer className={`footer ${compact ? 'footer--compact' : ''}`}>
      <div className="footer__inner">
        <div className="footer__brand">
          <Link to="/" className="brand">
            <IconLogoMark className="brand__mark" />
            <span className="brand__name">{site}</span>
          </Link>
          <p className="footer__tagline">{t('footer.tagline')}</p>
          {downloadUrl ? (
            <a className="footer__download" href={downloadUrl} rel="noopener noreferrer" data-testid="footer-download">
              <IconPhone />
              <span>
                <small>{t('footer.downloadSmall')}</small>
                {t('footer.downloadAndroid')}
              </span>
            </a>
          ) : null}
        </div>
        <div className="footer__col">
          <h2 className="footer__heading">{t('footer.products.title')}</h2>
          <ul className="footer__links">
            {products.map((p) => (
              <li key={p.to}>
                <Link to={p.to}>{p.label}</Link>
              </li>
            ))}
          </ul>
        </div>
        {GROUPS.map((g) => (
          <ContentGroup key={g.type} type={g.type} title={t(g.titleKey)} />
        ))}
      </div>
      <div className="footer__bottom">
        <p className="footer__risk">{t('footer.risk')}</p>
        <div className="footer__bottom-row">
          <ul className="footer__socials" aria-label={t('footer.social')}>
            {SOCIAL.map((s) => (
              <li key={s.key}>
                <SocialIcon paramKey={s.key} label={s.label} Icon={s.Icon} />
              </li>
            ))}
          </ul>
          <p className="footer__copyright">{t('footer.copyright', { year, site })}</p>
        </div>
      </div>
    </footer>
  );
}
