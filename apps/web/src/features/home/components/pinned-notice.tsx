import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { detailPath } from '@/shared/api/list-contents';
import { IconArrowRight, IconMegaphone } from '@/shared/components/icons';
import { usePinnedNotice } from '../api/get-pinned-notice';

/** The notice an editor pinned to the home page, as a banner linking to it; nothing when none is pinned. */
export function PinnedNoticeBanner() {
  const { t } = useTranslation();
  const { data } = usePinnedNotice();
  if (!data) return null;
  return (
    <Link to={detailPath(data)} className="home-pinned" data-testid="home-pinned-notice">
      <span className="home-pinned__icon" aria-hidden="true">
        <IconMegaphone />
      </span>
      <span className="home-pinned__body">
        <span className="home-pinned__label">{t('home.pinned')}</span>
        <span className="home-pinned__title">{data.title}</span>
        {data.summary ? <span className="home-pinned__summary">{data.summary}</span> : null}
      </span>
      <IconArrowRight className="home-pinned__arrow" />
    </Link>
  );
}
