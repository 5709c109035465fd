import type { Transaction, TransactionType } from '@openbourse/contracts/wallet.ts';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '@/shared/components/button';
import { EmptyState } from '@/shared/components/empty-state';
import { IconDocument } from '@/shared/components/icons';
import { LoadMore } from '@/shared/components/load-more';
import { Page } from '@/shared/components/page';
import { QueryError } from '@/shared/components/query-error';
import { SkeletonRows } from '@/shared/components/skeleton';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useFormat } from '@/shared/hooks/use-format';
import { compareDecimal, signOf } from '@/shared/lib/decimal';
import { toast } from '@/shared/components/toast/toast-store';
import { errorMessage } from '@/shared/lib/api-client';
import { downloadTransactions } from '../api/export-transactions';
import { type TransactionFilter, useTransactions } from '../api/list-transactions';
import { ModeBanner } from '../components/mode-banner';
import '../wallet.css';
import './records.css';

/**
 * Every type the texts know. A type a newer server adds shows as "Other" rather than as a raw key;
 * the record (not an array) makes a type missing here a compile error. Kept local: the contracts'
 * runtime values would bring zod into this page's chunk.
 */
const KNOWN_TYPES: Record<TransactionType, true> = {
  demo_fund: true,
  cfd_margin: true,
  cfd_entry: true,
  cfd_entry_release: true,
  cfd_fee: true,
  cfd_margin_release: true,
  cfd_loss: true,
  cfd_profit: true,
  deposit: true,
  withdrawal_hold: true,
  withdrawal: true,
  withdrawal_fee: true,
  withdrawal_release: true,
  exchange_out: true,
  exchange_in: true,
  spot_order: true,
  spot_trade: true,
  spot_fee: true,
  spot_release: true,
  loan_draw: true,
  loan_repay: true,
  earn_subscribe: true,
  earn_yield: true,
  earn_redeem: true,
  earn_penalty: true,
  option_premium: true,
  option_payout: true,
  nft_bid: true,
  nft_bid_release: true,
  nft_donation: true,
  invite_reward: true,
  other: true,
};
/** The types a user may narrow the record to, in the order the menu lists them. */
const TYPE_OPTIONS = Object.keys(KNOWN_TYPES) as TransactionType[];

/** A day picked in a date field ("2026-11-26") as the epoch ms of the local midnight `plusDays` after it. */
function dayStart(day: string, plusDays = 0): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return undefined;
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + plusDays).getTime();
}

const knownType = (type: string): TransactionType =>
  Object.hasOwn(KNOWN_TYPES, type) ? (type as TransactionType) : 'other';

const TONE = { '-1': 'change--down', '0': 'change--flat', '1': 'change--up' } as const;

function RecordRow({ row }: { row: Transaction }) {
  const { t } = useTranslation();
  const format = useFormat();
  const signed = (value: string) => format.money(value, row.currency, { signed: true, code: false });
  // A hold or its release moves money between available and locked without changing the total:
  // then (and whenever the two parts differ from the total) both parts are shown.
  const split = compareDecimal(row.available, row.amount) !== 0 || signOf(row.locked) !== 0;
  const sign = signOf(row.amount);
  return (
    <tr className="records-table__row" data-testid="record-row" data-type={row.type} tabIndex={-1}>
      <td className="records-table__time">{format.dateTime(new Date(row.time).toISOString())}</td>
      <th scope="row" className="records-table__type">
        {t(`wallet.records.types.${knownType(row.type)}`)}
      </th>
      <td className={`records-table__order ${row.orderNo ? '' : 'records-table__order--none'}`}>
        {row.orderNo ? (
          <span data-testid="record-order">{t('wallet.records.orderNo', { no: row.orderNo })}</span>
        ) : (
          <span aria-hidden="true">—</span>
        )}
      </td>
      <td className="num records-table__amount">
        <span className={`records-table__value ${TONE[sign]}`} data-testid="record-amount" dir="ltr">
          {signed(row.amount)} <small>{row.currency}</small>
        </span>
        {split ? (
          <span className="records-table__split" data-testid="record-split">
            <span>{t('wallet.records.available', { amount: signed(row.available) })}</span>
            <span>{t('wallet.records.locked', { amount: signed(row.locked) })}</span>
          </span>
        ) : null}
      </td>
    </tr>
  );
}

/** The transaction record: every movement of the current account's balances, newest first. */
export default function RecordsRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('wallet.records.title'));
  // Margin held and released move money between the user's own balances (amount 0): shown on request.
  const [withMargin, setWithMargin] = useState(false);
  const [type, setType] = useState<TransactionType | ''>('');
  const [fromDay, setFromDay] = useState('');
  const [toDay, setToDay] = useState('');
  const filter: TransactionFilter = {
    moves: withMargin || type ? 'all' : 'balance',
    type: type || undefined,
    from: dayStart(fromDay),
    to: dayStart(toDay, 1),
  };
  const query = useTransactions(filter);
  const [exporting, setExporting] = useState(false);
  const exportCsv = () => {
    setExporting(true);
    downloadTransactions(filter)
      .catch((e: unknown) => toast.error(errorMessage(e)))
      .finally(() => setExporting(false));
  };
  const { rows, data, isPending, error, refetch, fetchNextPage, isFetchingNextPage } = query;

  // After "Load more", focus moves to the first row the page brought: reading goes on from there, and
  // after the last page (the button gone) focus does not fall back to the top of the document.
  const tableRef = useRef<HTMLTableElement>(null);
  const focusRow = useRef<number | null>(null);
  useEffect(() => {
    const index = focusRow.current;
    if (index === null || rows.length <= index) return;
    focusRow.current = null;
    tableRef.current?.querySelectorAll<HTMLElement>('tbody tr')[index]?.focus();
  }, [rows]);
  const loadMore = () => {
    focusRow.current = rows.length;
    void fetchNextPage();
  };

  let body: ReactNode;
  if (error && !data) {
    body = <QueryError error={error} onRetry={() => void refetch()} />;
  } else if (isPending) {
    body = <SkeletonRows rows={5} />;
  } else if (rows.length === 0) {
    body = (
      <EmptyState
        icon={<IconDocument />}
        title={t('wallet.records.empty')}
        text={withMargin ? t('wallet.records.emptyText') : t('wallet.records.emptyTextHidden')}
        action={
          <ButtonLink to="/market" variant="secondary" size="sm">
            {t('wallet.spot.toMarkets')}
          </ButtonLink>
        }
      />
    );
  } else {
    body = (
      <>
        <table className="data-table records-table" ref={tableRef}>
          <thead>
            <tr>
              <th scope="col">{t('wallet.records.columns.time')}</th>
              <th scope="col">{t('wallet.records.columns.type')}</th>
              <th scope="col">{t('wallet.records.columns.order')}</th>
              <th scope="col" className="num">
                {t('wallet.records.columns.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <RecordRow key={row.id} row={row} />
            ))}
          </tbody>
        </table>
        <LoadMore query={query} onLoadMore={loadMore} testId="records-more" />
      </>
    );
  }

  return (
    <Page title={t('wallet.records.title')} subtitle={t('wallet.records.subtitle')}>
      <div className="records" data-testid="records-page">
        <ModeBanner />
        <div className="records__filters" data-testid="records-filters">
          <label className="records__field">
            <span>{t('wallet.records.filterType')}</span>
            <select
              value={type}
              onChange={(e) => setType(e.target.value as TransactionType | '')}
              data-testid="records-type"
            >
              <option value="">{t('wallet.records.allTypes')}</option>
              {TYPE_OPTIONS.map((k) => (
                <option key={k} value={k}>
                  {t(`wallet.records.types.${k}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="records__field">
            <span>{t('wallet.records.from')}</span>
            <input
              type="date"
              value={fromDay}
              max={toDay || undefined}
              onChange={(e) => setFromDay(e.target.value)}
              data-testid="records-from"
            />
          </label>
          <label className="records__field">
            <span>{t('wallet.records.to')}</span>
            <input
              type="date"
              value={toDay}
              min={fromDay || undefined}
              onChange={(e) => setToDay(e.target.value)}
              data-testid="records-to"
            />
          </label>
          <Button variant="secondary" size="sm" onClick={exportCsv} disabled={exporting} data-testid="records-export">
            <IconDocument aria-hidden="true" /> {t('wallet.records.exportCsv')}
          </Button>
        </div>
        <label className="records__filter">
          <input
            type="checkbox"
            checked={withMargin || Boolean(type)}
            disabled={Boolean(type)}
            onChange={(e) => setWithMargin(e.target.checked)}
            data-testid="records-with-margin"
          />
          {t('wallet.records.withMargin')}
        </label>
        <section className="card section records__card" aria-busy={isPending || isFetchingNextPage}>
          {body}
        </section>
      </div>
    </Page>
  );
}
