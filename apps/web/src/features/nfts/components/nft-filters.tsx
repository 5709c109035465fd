import { NFT_LIST_FILTERS, type NftCollection } from '@openbourse/contracts/nfts.ts';
import { useTranslation } from 'react-i18next';
import type { NftFilter } from '../api/nfts';

/** The grid's filters: a state (all, live, ending soon, upcoming, sold) and a collection. */
export function NftFilters({
  filter,
  collectionId,
  collections,
  onChange,
}: {
  filter: NftFilter;
  collectionId: number | null;
  collections: readonly NftCollection[];
  onChange(next: { filter: NftFilter; collectionId: number | null }): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="nft-filters" data-testid="nft-filters">
      <fieldset className="nft-chips">
        <legend className="visually-hidden">{t('nfts.filter.label')}</legend>
        {NFT_LIST_FILTERS.map((key) => (
          <label key={key} className={`nft-chip ${filter === key ? 'is-active' : ''}`.trim()}>
            <input
              type="radio"
              name="nft-filter"
              value={key}
              checked={filter === key}
              onChange={() => onChange({ filter: key, collectionId })}
              data-testid={`nft-filter-${key}`}
            />
            {t(`nfts.filter.${key}`)}
          </label>
        ))}
      </fieldset>
      {collections.length > 0 ? (
        <div className="field nft-filters__collection">
          <label className="field__label" htmlFor="nft-collection">
            {t('nfts.filter.collection')}
          </label>
          <div className="field__control">
            <select
              id="nft-collection"
              className="field__input"
              value={collectionId ?? ''}
              onChange={(e) => onChange({ filter, collectionId: e.target.value ? Number(e.target.value) : null })}
              data-testid="nft-collection"
            >
              <option value="">{t('nfts.filter.allCollections')}</option>
              {collections.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.title}
                </option>
              ))}
            </select>
          </div>
        </div>
      ) : null}
    </div>
  );
}
