import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/shared/components/button';
import { useFormat } from '@/shared/hooks/use-format';
import { ltr } from '@/shared/lib/format';
import { useLiveQuote } from '@/shared/lib/live-quotes';
import { type Balance, isZeroAmount } from '../api/get-balances';
import type { CurrencyListing } from '../api/list-currencies';
import { CurrencyIcon } from './currency-icon';

/** What a currency can do here: deposited and withdrawn on a network, exchanged when it has a price. */
export interface CurrencyActions {
  deposit: boolean;
  withdraw: boolean;
  exchange: boolean;
}

/** "-1.25" → down, "0.00" → flat, anything else → up; decided on the string, not a float. */
export function changeDirection(changePct: string): 'up' | 'down' | 'flat' {
  const v = changePct.trim();
  if (!/[1-9]/.test(v)) return 'flat';
  return v.startsWith('-') ? 'down' : 'up';
}

/** Every fraction digit of a quoted price is shown (a market's own precision), at least 2. */
function priceDigits(price: string) {
  const n = Math.max(2, price.split('.')[1]?.length ?? 0);
  return { minFractionDigits: n, maxFractionDigits: n };
}

/** The listing's price and change, or the newer one a live tick of its market brings. */
function useLivePrice(c: CurrencyListing) {
  const tick = useLiveQuote(c.marketId ?? 0);
  if (c.marketId !== null && tick && tick.id === c.marketId && tick.ts >= (c.ts ?? 0)) {
    return { price: tick.last, changePct: tick.changePct };
  }
  return { price: c.priceUsdt, changePct: c.changePct };
}

function Missing({ label }: { label: string }) {
  return (
    <>
      <span aria-hidden="true" className="currency-row__none">
        —
      </span>
      <span className="visually-hidden">{label}</span>
    </>
  );
}

function CurrencyRow({
  currency: c,
  balance,
  actions,
}: {
  currency: CurrencyListing;
  balance: Balance | undefined;
  actions: CurrencyActions;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const { price, changePct } = useLivePrice(c);
  const held = balance !== undefined && !(isZeroAmount(balance.available) && isZeroAmount(balance.locked));
  const dir = changePct === null ? 'flat' : changeDirection(changePct);
  const sign = dir === 'up' ? '+' : '';
  const noPrice = t(c.marketId === null ? 'wallet.currency.noPrice' : 'wallet.currency.noQuote');
  return (
    <tr className={`currency-row${held ? ' is-held' : ''}`} data-testid={`currency-${c.code}`}>
      <th scope="row" className="currency-row__asset">
        <span className="asset">
          <CurrencyIcon code={c.code} />
          <span className="asset__text">
            <span className="asset__code">{c.code}</span>
            <span className="asset__name">{c.name}</span>
          </span>
        </span>
      </th>
      <td className="num currency-row__price" data-label={t('wallet.currency.price')} data-testid="currency-price">
        {price === null ? <Missing label={noPrice} /> : format.decimal(price, priceDigits(price))}
      </td>
      <td
        className={`num currency-row__change change--${dir}${changePct === null ? ' is-empty' : ''}`}
        data-label={t('wallet.currency.change')}
        data-testid="currency-change"
      >
        {changePct === null ? (
          <Missing label={noPrice} />
        ) : (
          <span className="currency-change">
            {dir === 'flat' ? null : (
              <span className="currency-change__arrow" aria-hidden="true">
                {dir === 'up' ? '▲' : '▼'}
              </span>
            )}
            {ltr(
              t('wallet.currency.changeValue', {
                value: `${sign}${format.decimal(changePct, { minFractionDigits: 2, maxFractionDigits: 2 })}`,
              }),
            )}
          </span>
        )}
      </td>
      <td
        className="num currency-row__available"
        data-label={t('wallet.columns.available')}
        data-testid="currency-available"
      >
        {held ? format.decimal(balance.available) : <Missing label={t('wallet.currency.notHeld')} />}
      </td>
      <td className="num currency-row__locked" data-label={t('wallet.columns.locked')} data-testid="currency-locked">
        {held ? format.decimal(balance.locked) : <Missing label={t('wallet.currency.notHeld')} />}
      </td>
      <td
        className={`currency-row__actions${actions.deposit || actions.withdraw || actions.exchange ? '' : ' is-empty'}`}
      >
        <div className="currency-actions">
          {actions.deposit ? (
            <ButtonLink
              to={`/profile/deposit?currency=${c.code}`}
              size="sm"
              variant="secondary"
              aria-label={t('wallet.currency.depositOf', { code: c.code })}
              data-testid="currency-action-deposit"
            >
              {t('wallet.currency.deposit')}
            </ButtonLink>
          ) : (
            <span className="currency-actions__gap" />
          )}
          {actions.withdraw ? (
            <ButtonLink
              to={`/profile/withdraw?currency=${c.code}`}
              size="sm"
              variant="secondary"
              aria-label={t('wallet.currency.withdrawOf', { code: c.code })}
              data-testid="currency-action-withdraw"
            >
              {t('wallet.currency.withdraw')}
            </ButtonLink>
          ) : (
            <span className="currency-actions__gap" />
          )}
          {actions.exchange ? (
            <ButtonLink
              to={`/profile/exchange?currency=${c.code}`}
              size="sm"
              variant="secondary"
              aria-label={t('wallet.currency.exchangeOf', { code: c.code })}
              data-testid="currency-action-exchange"
            >
              {t('wallet.currency.exchange')}
            </ButtonLink>
          ) : (
            <span className="currency-actions__gap" />
          )}
        </div>
      </td>
    </tr>
  );
}

/**
 * The platform's currencies: price in USDT and 24 h change (live), the account's holding where it
 * has one, and the ways in and out. A table on desktop; cards on a phone (currency.css).
 */
export function CurrencyTable({
  currencies,
  balances,
  actionsOf,
}: {
  currencies: readonly CurrencyListing[];
  balances: ReadonlyMap<string, Balance>;
  actionsOf: (code: string) => CurrencyActions;
}) {
  const { t } = useTranslation();
  return (
    <table className="data-table currency-table" data-testid="currency-table">
      <thead>
        <tr>
          <th scope="col">{t('wallet.columns.currency')}</th>
          <th scope="col" className="num">
            {t('wallet.currency.price')}
          </th>
          <th scope="col" className="num">
            {t('wallet.currency.change')}
          </th>
          <th scope="col" className="num">
            {t('wallet.columns.available')}
          </th>
          <th scope="col" className="num">
            {t('wallet.columns.locked')}
          </th>
          <th scope="col">{t('wallet.currency.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {currencies.map((c) => (
          <CurrencyRow key={c.code} currency={c} balance={balances.get(c.code)} actions={actionsOf(c.code)} />
        ))}
      </tbody>
    </table>
  );
}
