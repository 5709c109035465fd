import type { Deposit, DepositStatus } from '@openbourse/contracts/funding.ts';
import { Badge, type BadgeTone } from '@openbourse/ui';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/shared/components/empty-state';
import { IconCopy, IconDocument } from '@/shared/components/icons';
import { LoadMore } from '@/shared/components/load-more';
import { QueryError } from '@/shared/components/query-error';
import { SkeletonRows } from '@/shared/components/skeleton';
import { useCopy } from '@/shared/hooks/use-copy';
import { useFormat } from '@/shared/hooks/use-format';
import { useDeposits } from '../api/list-recharge';
import { ProofImage } from './proof-image';

/** The reviewer's words keep their own direction inside the page's (an English reason in Arabic text). */
const isolate = (text: string) => `\u2068${text}\u2069`;

const TONE: Record<DepositStatus, BadgeTone> = { pending: 'warn', approved: 'accent', rejected: 'down' };

/** "0x3a9f…c41d07": enough to recognise a hash; the whole one is copied. */
const shortHash = (hash: string) =>
  hash.length > 18 ? `${hash.slice(0, hash.startsWith('0x') ? 8 : 6)}…${hash.slice(-6)}` : hash;

function DepositRow({ deposit }: { deposit: Deposit }) {
  const { t } = useTranslation();
  const format = useFormat();
  const copy = useCopy();
  return (
    <li className="deposit-item" data-testid="deposit-row" data-status={deposit.status}>
      <ProofImage fileId={deposit.proofFileId} testId="deposit-row-proof" />
      <div className="deposit-item__main">
        <div className="deposit-item__head">
          <span className="deposit-item__amount" data-testid="deposit-row-amount">
            {format.money(deposit.amount, deposit.currency)}
          </span>
          <span className="deposit-item__network">{deposit.network}</span>
        </div>
        <div className="deposit-item__meta">
          <time dateTime={new Date(deposit.createdAt).toISOString()}>
            {format.dateTime(new Date(deposit.createdAt).toISOString())}
          </time>
          <span className="deposit-item__hash">
            <span>{t('wallet.deposit.hash')}</span>
            <code dir="ltr" title={deposit.txHash}>
              {shortHash(deposit.txHash)}
            </code>
            <button
              type="button"
              className="icon-button deposit-item__copy"
              onClick={() => void copy(deposit.txHash)}
              aria-label={t('wallet.deposit.copyHash')}
              title={t('wallet.deposit.copyHash')}
              data-testid="deposit-row-copy"
            >
              <IconCopy />
            </button>
          </span>
        </div>
        {deposit.status === 'rejected' && deposit.reason ? (
          <p className="deposit-item__reason" data-testid="deposit-row-reason">
            {t('wallet.deposit.reason', { reason: isolate(deposit.reason) })}
          </p>
        ) : null}
      </div>
      <span className="deposit-item__status">
        <Badge tone={TONE[deposit.status] ?? 'neutral'} testId="deposit-row-status">
          {t(`wallet.deposit.status.${deposit.status}`)}
        </Badge>
      </span>
    </li>
  );
}

/** The user's deposits, newest first, with their review state; more on request. */
export function DepositList() {
  const { t } = useTranslation();
  const query = useDeposits();
  const { rows, data, isPending, error, refetch } = query;
  if (error && !data) return <QueryError error={error} onRetry={() => void refetch()} />;
  if (isPending) return <SkeletonRows rows={3} />;
  if (rows.length === 0) {
    return (
      <EmptyState icon={<IconDocument />} title={t('wallet.deposit.empty')} text={t('wallet.deposit.emptyText')} />
    );
  }
  return (
    <>
      <ul className="deposit-list" data-testid="deposit-list">
        {rows.map((deposit) => (
          <DepositRow key={deposit.id} deposit={deposit} />
        ))}
      </ul>
      <LoadMore query={query} testId="deposit-more" size="sm" />
    </>
  );
}
