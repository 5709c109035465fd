import type { SpotLevel, SpotPair } from '@openbourse/contracts/spot.ts';
import { type CSSProperties, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/shared/components/query-error';
import { SkeletonRows } from '@/shared/components/skeleton';
import { toUnits } from '@/shared/lib/decimal';
import type { SpotBookView } from '../hooks/use-spot-book';
import { usePairFormat } from '../hooks/use-pair-format';
import { decimalsOf, fromUnits } from '../lib/order-math';

interface Row {
  price: string;
  quantity: string;
  /** Quantity from the best level to this one, exact. */
  cumulative: string;
  /** Of the deepest cumulative shown, in thousandths (the bar's length only). */
  depth: number;
}

/** Each side's first `count` levels with their running totals, exact (bigint at the lot's scale). */
export function bookRows(bids: readonly SpotLevel[], asks: readonly SpotLevel[], count: number, lotSize: string) {
  const scale = Math.max(decimalsOf(lotSize), ...[...bids, ...asks].slice(0, 2 * count).map((l) => decimalsOf(l[1])));
  const side = (levels: readonly SpotLevel[]) => {
    let sum = 0n;
    return levels.slice(0, count).map(([price, quantity]) => {
      sum += toUnits(quantity, scale);
      return { price, quantity, sum };
    });
  };
  const b = side(bids);
  const a = side(asks);
  const deepest = [b.at(-1)?.sum ?? 0n, a.at(-1)?.sum ?? 0n].reduce((m, v) => (v > m ? v : m), 1n);
  const finish = (r: { price: string; quantity: string; sum: bigint }): Row => ({
    price: r.price,
    quantity: r.quantity,
    cumulative: fromUnits(r.sum, scale),
    depth: Number((r.sum * 1000n) / deepest),
  });
  return { bids: b.map(finish), asks: a.map(finish) };
}

function Level({
  row,
  side,
  pair,
  onPick,
  hintId,
}: {
  row: Row;
  side: 'bid' | 'ask';
  pair: SpotPair;
  onPick(price: string): void;
  hintId: string;
}) {
  const f = usePairFormat(pair);
  const price = f.price(row.price);
  return (
    <li>
      <button
        type="button"
        className={`book-row book-row--${side}`}
        style={{ '--depth': row.depth / 1000 } as CSSProperties}
        onClick={() => onPick(row.price)}
        aria-describedby={hintId}
        data-testid={`book-${side}`}
      >
        <span className={`num book-row__price change--${side === 'bid' ? 'up' : 'down'}`}>{price}</span>
        <span className="num">{f.qty(row.quantity)}</span>
        <span className="num book-row__total">{f.qty(row.cumulative)}</span>
      </button>
    </li>
  );
}

/**
 * The live book: asks above (best at the bottom), the last price between, bids below (best at the
 * top), each level with its running total as a bar. A level's price fills the order forms.
 */
export function OrderBook({
  pair,
  view,
  lastPrice,
  lastDirection,
  levels,
  onPick,
}: {
  pair: SpotPair;
  view: SpotBookView;
  lastPrice: string | null;
  lastDirection: 'up' | 'down' | 'flat';
  levels: number;
  onPick(price: string): void;
}) {
  const { t } = useTranslation();
  const f = usePairFormat(pair);
  const hintId = useId();
  const { book } = view;
  if (!book) {
    return view.error ? <QueryError error={view.error} onRetry={view.retry} /> : <SkeletonRows rows={8} />;
  }
  const rows = bookRows(book.bids, book.asks, levels, pair.lotSize);
  const spread =
    book.bids[0] && book.asks[0]
      ? (() => {
          const scale = Math.max(decimalsOf(book.asks[0][0]), decimalsOf(book.bids[0][0]));
          return fromUnits(toUnits(book.asks[0][0], scale) - toUnits(book.bids[0][0], scale), scale);
        })()
      : null;
  return (
    <div className="book" data-testid="order-book" data-seq={book.seq} aria-busy={view.syncing}>
      <p id={hintId} className="visually-hidden">
        {t('spot.book.pickHint')}
      </p>
      <div className="book__head" aria-hidden="true">
        <span>{t('spot.book.price', { currency: pair.quote })}</span>
        <span className="num">{t('spot.book.quantity', { currency: pair.base })}</span>
        <span className="num">{t('spot.book.total', { currency: pair.base })}</span>
      </div>
      <ol className="book__side book__side--asks" aria-label={t('spot.book.asks')} data-testid="book-sell">
        {rows.asks.length === 0 ? <li className="book__empty">{t('spot.book.noAsks')}</li> : null}
        {[...rows.asks].reverse().map((row) => (
          <Level key={row.price} row={row} side="ask" pair={pair} onPick={onPick} hintId={hintId} />
        ))}
      </ol>
      <div className="book__mid">
        <span className={`num book__last change--${lastDirection}`} data-testid="book-last">
          {f.price(lastPrice)}
        </span>
        {spread ? <span className="book__spread">{t('spot.book.spread', { spread: f.price(spread) })}</span> : null}
      </div>
      <ol className="book__side book__side--bids" aria-label={t('spot.book.bids')} data-testid="book-buy">
        {rows.bids.length === 0 ? <li className="book__empty">{t('spot.book.noBids')}</li> : null}
        {rows.bids.map((row) => (
          <Level key={row.price} row={row} side="bid" pair={pair} onPick={onPick} hintId={hintId} />
        ))}
      </ol>
    </div>
  );
}
