import { Badge } from '@openbourse/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useParam } from '@/shared/api/get-param';
import { IconArrowRight, IconHeadset, IconHelp, IconMail, IconMegaphone } from '@/shared/components/icons';
import { Page, Section } from '@/shared/components/page';
import { SkeletonRows } from '@/shared/components/skeleton';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useFormat } from '@/shared/hooks/use-format';
import { detailPath, useContentList } from '@/shared/api/list-contents';
import { HelpSearch } from '../components/help-search';
import { isNewNotice, markNoticeRead } from '../lib/notice-new';
import '../content.css';

export default function HelpRoute() {
  const { t } = useTranslation();
  const format = useFormat();
  const supportEmail = useParam('support_email');
  const notices = useContentList(5);
  const faq = useContentList(4);
  useDocumentTitle(t('help.title'));
  const cards = [
    { to: '/help/faq', Icon: IconHelp, title: t('help.faqTitle'), text: t('help.faqText'), testId: 'help-faq' },
    {
      to: '/help/notice',
      Icon: IconMegaphone,
      title: t('help.noticeTitle'),
      text: t('help.noticeText'),
      testId: 'help-notice',
    },
    {
      to: '/profile/kefu',
      Icon: IconHeadset,
      title: t('help.contactTitle'),
      text: t('help.contactText'),
      testId: 'help-contact',
    },
  ];
  return (
    <Page title={t('help.title')} subtitle={t('help.subtitle')}>
      <HelpSearch />
      <ul className="help-cards">
        {cards.map(({ to, Icon, title, text, testId }) => (
          <li key={to}>
            <Link to={to} className="help-card" data-testid={testId}>
              <span className="help-card__icon">
                <Icon />
              </span>
              <span className="help-card__title">{title}</span>
              <span className="help-card__text">{text}</span>
              <IconArrowRight className="help-card__arrow" />
            </Link>
          </li>
        ))}
      </ul>
      <div className="help-columns">
        <Section
          title={t('help.popularQuestions')}
          actions={
            <Link to="/help/faq" className="section__link">
              {t('common.viewAll')}
            </Link>
          }
        >
          {faq.isPending ? (
            <SkeletonRows rows={4} />
          ) : (
            <ul className="link-list">
              {(faq.data ?? []).slice(0, 5).map((item) => (
                <li key={item.id}>
                  <Link to={`/help/faq#faq-${item.id}`} className="link-list__item">
                    <span>{item.title}</span>
                    <IconArrowRight />
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Section>
        <Section
          title={t('help.latestNotices')}
          actions={
            <Link to="/help/notice" className="section__link">
              {t('common.viewAll')}
            </Link>
          }
        >
          {notices.isPending ? (
            <SkeletonRows rows={3} />
          ) : (notices.data ?? []).length === 0 ? (
            <p className="muted">{t('notice.empty')}</p>
          ) : (
            <ul className="link-list">
              {(notices.data ?? []).slice(0, 4).map((item) => (
                <li key={item.id}>
                  <Link
                    to={detailPath(item)}
                    className="link-list__item"
                    onClick={() => markNoticeRead(item.id)}
                    data-testid={`help-notice-${item.slug}`}
                  >
                    <span>
                      {item.title}
                      {isNewNotice(item, Date.now()) ? (
                        <span className="notice-new">
                          <Badge tone="accent" testId="notice-new">
                            {t('help.new')}
                          </Badge>
                        </span>
                      ) : null}
                      <small className="link-list__meta">{format.date(item.updatedAt)}</small>
                    </span>
                    <IconArrowRight />
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>
      {supportEmail ? (
        <Section className="help-contact">
          <div className="help-contact__row">
            <IconMail className="help-contact__icon" />
            <div>
              <p className="help-contact__title">{t('help.emailTitle')}</p>
              <a href={`mailto:${supportEmail}`} className="help-contact__email">
                {supportEmail}
              </a>
            </div>
          </div>
        </Section>
      ) : null}
    </Page>
  );
}
