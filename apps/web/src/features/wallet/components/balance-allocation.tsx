import './balance-allocation.css';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/shared/hooks/use-format';
import type { Balance } from '../api/get-balances';

/** Units of a decimal string at 6 decimals (USDT values come at 6). */
const micro = (v: string) => {
  const [int = '0', frac = ''] = v.replace('-', '').split('.');
  return BigInt(int + frac.padEnd(6, '0').slice(0, 6));
};

/** Basis points as a percentage string: 1234 → "12.34". */
const percent = (bp: number) => `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}`;

const COLOURS = ['#2ebd85', '#5b8def', '#f0b90b', '#e0567a', '#9b7bf0', '#8595b0'];
const SHOWN = 5;

/**
 * How the account's value is spread over its currencies: a bar of proportional segments and a
 * legend with each share. Shares are computed in basis points from the exact values (no floats).
 */
export function BalanceAllocation({ balances, totalUsdt }: { balances: readonly Balance[]; totalUsdt: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const total = micro(totalUsdt);
  if (total <= 0n) return null;
  const valued = balances
    .filter((b) => b.valueUsdt && micro(b.valueUsdt) > 0n)
    .map((b) => ({ code: b.currency, units: micro(b.valueUsdt as string) }))
    .sort((a, b) => (b.units > a.units ? 1 : b.units < a.units ? -1 : 0));
  const top = valued.slice(0, SHOWN);
  const rest = valued.slice(SHOWN).reduce((s, x) => s + x.units, 0n);
  const parts = rest > 0n ? [...top, { code: t('wallet.balance.otherAssets'), units: rest }] : top;
  const bp = (units: bigint) => Number((units * 10_000n) / total);
  return (
    <figure className="allocation" data-testid="balance-allocation">
      <figcaption className="visually-hidden">{t('wallet.balance.allocation')}</figcaption>
      <div className="allocation__bar" aria-hidden="true">
        {parts.map((p, i) => (
          <span
            key={p.code}
            className="allocation__segment"
            style={{ inlineSize: `${bp(p.units) / 100}%`, background: COLOURS[i % COLOURS.length] }}
          />
        ))}
      </div>
      <ul className="allocation__legend">
        {parts.map((p, i) => (
          <li key={p.code} data-testid={`allocation-${p.code}`}>
            <span className="allocation__dot" style={{ background: COLOURS[i % COLOURS.length] }} aria-hidden="true" />
            <span className="allocation__code">{p.code}</span>
            <span className="allocation__share num">
              {format.decimal(percent(bp(p.units)), { minFractionDigits: 2 })}%
            </span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
