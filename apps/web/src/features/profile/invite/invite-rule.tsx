import type { InviteSummary } from '@openbourse/contracts/invites.ts';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/shared/hooks/use-format';

/** The reward rule in plain words, and what the invitations have earned so far. */
export function InviteRuleCard({ summary }: { summary: InviteSummary }) {
  const { t } = useTranslation();
  const f = useFormat();
  const { rule } = summary;
  const earned = summary.earned.length > 0 ? summary.earned : [{ currency: rule.currency, amount: '0' }];
  return (
    <div className="invite-rule">
      <div className="invite-rule__stats">
        <div className="invite-stat">
          <span className="invite-stat__label">{t('invite.earned')}</span>
          {earned.map((e) => (
            <span key={e.currency} className="invite-stat__value" data-testid="invite-earned">
              {f.money(e.amount, e.currency)}
            </span>
          ))}
        </div>
        <div className="invite-stat">
          <span className="invite-stat__label">{t('invite.invitees')}</span>
          <span className="invite-stat__value" data-testid="invite-count">
            {f.integer(summary.invitees)}
          </span>
        </div>
        <div className="invite-stat">
          <span className="invite-stat__label">{t('invite.tradedCount')}</span>
          <span className="invite-stat__value" data-testid="invite-traded-count">
            {f.integer(summary.traded)}
          </span>
        </div>
      </div>
      <p className="invite-rule__text" data-testid="invite-rule">
        {rule.enabled
          ? [
              t('invite.rule.text', {
                share: f.percent(rule.share),
                days: f.integer(rule.periodDays),
                currency: rule.currency,
              }),
              rule.capPerInvitee ? t('invite.rule.cap', { cap: f.money(rule.capPerInvitee, rule.currency) }) : '',
              t('invite.rule.paid'),
            ]
              .filter(Boolean)
              .join(' ')
          : t('invite.rule.off')}
      </p>
    </div>
  );
}
