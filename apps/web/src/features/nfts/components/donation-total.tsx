import type { ListNftResult } from '@openbourse/contracts/nfts.ts';
import { useTranslation } from 'react-i18next';
import { IconHeart } from '@/shared/components/icons';
import { useNftFormat } from './nft-parts';

/** The public total: what every charity has received from the sales so far, per currency, and by whom. */
export function DonationTotal({ meta }: { meta: Pick<ListNftResult, 'donated' | 'charities'> | null }) {
  const { t } = useTranslation();
  const f = useNftFormat();
  const totals = meta?.donated.length ? meta.donated : [{ currency: 'USDT', amount: '0' }];
  return (
    <section className="card nft-donated" aria-labelledby="nft-donated-title" data-testid="nft-donated">
      <IconHeart className="nft-donated__icon" />
      <div className="nft-donated__body">
        <h2 className="nft-donated__title" id="nft-donated-title">
          {t('nfts.donated.title')}
        </h2>
        <p className="nft-donated__totals">
          {totals.map((d) => (
            <strong
              key={d.currency}
              className="nft-donated__amount"
              data-testid={meta ? `nft-donated-${d.currency}` : undefined}
            >
              {meta ? f.money(d.amount, d.currency) : '…'}
            </strong>
          ))}
        </p>
        <p className="nft-donated__text">{t('nfts.donated.text')}</p>
        {meta?.charities.length ? (
          <ul className="nft-donated__charities">
            {meta.charities.map((c) => (
              <li key={c.id} data-testid={`nft-charity-${c.id}`}>
                <span className="nft-donated__charity">{c.name}</span>{' '}
                <span className="num">{f.money(c.donated, c.currency)}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
