import type { Withdrawal, WithdrawalStatus } from '@openbourse/contracts/funding.ts';
import { Badge, type BadgeTone } from '@openbourse/ui';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/shared/components/empty-state';
import { IconCopy, IconDocument } from '@/shared/components/icons';
import { LoadMore } from '@/shared/components/load-more';
import { QueryError } from '@/shared/components/query-error';
import { SkeletonRows } from '@/shared/components/skeleton';
import { useCopy } from '@/shared/hooks/use-copy';
import { useFormat } from '@/shared/hooks/use-format';
import { useWithdrawals } from '../api/list-withdrawal';

/** The reviewer's words keep their own direction inside the page's (an English reason in Arabic text). */
const isolate = (text: string) => `\u2068${text}\u2069`;

const TONE: Record<WithdrawalStatus, BadgeTone> = { pending: 'warn', success: 'accent', rejected: 'down' };

/** "TQn9Y2…bLSE": enough to recognise an address or a hash; the whole one is copied. */
export const shortText = (text: string) => (text.length > 16 ? `${text.slice(0, 6)}…${text.slice(-6)}` : text);

/** Only the last 4 characters of a bank account are shown. */
export const maskAccount = (account: string) => (account.length > 4 ? `•••• ${account.slice(-4)}` : account);

function CopyValue({ value, label, testId }: { value: string; label: string; testId: string }) {
  const copy = useCopy();
  return (
    <span className="withdraw-item__copyable">
      <code dir="ltr" title={value} data-testid={testId}>
        {shortText(value)}
      </code>
      <button
        type="button"
        className="icon-button withdraw-item__copy"
        onClick={() => void copy(value)}
        aria-label={label}
        title={label}
        data-testid={`${testId}-copy`}
      >
        <IconCopy />
      </button>
    </span>
  );
}

function WithdrawalRow({ withdrawal: w }: { withdrawal: Withdrawal }) {
  const { t } = useTranslation();
  const format = useFormat();
  const created = new Date(w.createdAt).toISOString();
  return (
    <li className="withdraw-item" data-testid="withdraw-row" data-status={w.status}>
      <div className="withdraw-item__main">
        <div className="withdraw-item__head">
          <span className="withdraw-item__amount" data-testid="withdraw-row-amount">
            {format.money(w.amount, w.currency)}
          </span>
          <span className="withdraw-item__network">{w.method === 'bank' ? t('wallet.withdraw.bank') : w.network}</span>
          <span className="withdraw-item__fee" data-testid="withdraw-row-fee">
            {t('wallet.withdraw.feeOf', { fee: format.money(w.fee, w.currency) })}
          </span>
        </div>
        <div className="withdraw-item__meta">
          <time dateTime={created}>{format.dateTime(created)}</time>
          <span className="withdraw-item__target">
            <span>{t('wallet.withdraw.to')}</span>
            {w.method === 'crypto' && w.address ? (
              <CopyValue value={w.address} label={t('wallet.withdraw.copyAddress')} testId="withdraw-row-address" />
            ) : (
              <span data-testid="withdraw-row-account">
                {w.bankType ? `${w.bankType} ` : ''}
                <code dir="ltr">{maskAccount(w.bankAccount ?? '')}</code>
              </span>
            )}
          </span>
        </div>
        {w.status === 'success' && w.payoutRef ? (
          <div className="withdraw-item__meta withdraw-item__payout">
            <span>{t('wallet.withdraw.payoutRef')}</span>
            <CopyValue value={w.payoutRef} label={t('wallet.withdraw.copyRef')} testId="withdraw-row-ref" />
          </div>
        ) : null}
        {w.status === 'rejected' && w.reason ? (
          <p className="withdraw-item__reason" data-testid="withdraw-row-reason">
            {t('wallet.withdraw.reason', { reason: isolate(w.reason) })}
          </p>
        ) : null}
      </div>
      <span className="withdraw-item__status">
        <Badge tone={TONE[w.status] ?? 'neutral'} testId="withdraw-row-status">
          {t(`wallet.withdraw.status.${w.status}`)}
        </Badge>
      </span>
    </li>
  );
}

/** The user's withdrawals, newest first, with their review state; more on request. */
export function WithdrawList() {
  const { t } = useTranslation();
  const query = useWithdrawals();
  const { rows, data, isPending, error, refetch } = query;
  if (error && !data) return <QueryError error={error} onRetry={() => void refetch()} />;
  if (isPending) return <SkeletonRows rows={3} />;
  if (rows.length === 0) {
    return (
      <EmptyState icon={<IconDocument />} title={t('wallet.withdraw.empty')} text={t('wallet.withdraw.emptyText')} />
    );
  }
  return (
    <>
      <ul className="withdraw-list" data-testid="withdraw-list">
        {rows.map((w) => (
          <WithdrawalRow key={w.id} withdrawal={w} />
        ))}
      </ul>
      <LoadMore query={query} testId="withdraw-more" size="sm" />
    </>
  );
}
