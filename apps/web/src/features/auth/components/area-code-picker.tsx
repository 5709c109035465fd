import type { AreaCodeEntry } from '@openbourse/contracts/auth.ts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconCheck, IconChevronDown, IconSearch } from '@/shared/components/icons';
import { Modal } from '@/shared/components/modal';
import { QueryError } from '@/shared/components/query-error';
import { SkeletonRows } from '@/shared/components/skeleton';
import { useSession } from '@/shared/session/use-session';
import { filterAreaCodes, useAreaCodes } from '../api/list-area-codes';

/** The "+44" button at the start of a phone field; opens a searchable list of countries. */
export function AreaCodePicker({
  value,
  onChange,
  testId,
}: {
  value: string;
  onChange(entry: AreaCodeEntry): void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const isDesktop = useSession((s) => s.isDesktop);
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const { data, isPending, error, refetch } = useAreaCodes();
  const matches = useMemo(() => filterAreaCodes(data ?? [], search), [data, search]);
  return (
    <>
      <button
        type="button"
        className="area-code-button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-label={value ? t('form.areaCodeSelected', { code: value }) : t('form.areaCodeChoose')}
        data-testid={testId}
      >
        <span>{value ? `+${value}` : t('form.areaCodeShort')}</span>
        <IconChevronDown />
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={t('form.areaCodeTitle')}
        variant={isDesktop ? 'center' : 'sheet'}
      >
        <div className="area-code-search">
          <IconSearch className="area-code-search__icon" />
          <input
            type="search"
            className="area-code-search__input"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t('form.areaCodeSearch')}
            aria-label={t('form.areaCodeSearch')}
            data-autofocus
            data-testid="area-code-search"
          />
        </div>
        {error ? (
          <QueryError error={error} onRetry={() => void refetch()} />
        ) : isPending ? (
          <SkeletonRows rows={6} />
        ) : matches.length === 0 ? (
          <p className="muted area-code-empty">{t('form.areaCodeNone')}</p>
        ) : (
          <ul className="area-code-list">
            {matches.map((entry) => {
              const selected = entry.callingCode === value;
              return (
                <li key={`${entry.country}-${entry.callingCode}`}>
                  <button
                    type="button"
                    className={`area-code-list__option ${selected ? 'is-active' : ''}`}
                    onClick={() => {
                      onChange(entry);
                      setOpen(false);
                      setSearch('');
                    }}
                    aria-current={selected ? 'true' : undefined}
                    data-testid={`area-code-${entry.country}`}
                  >
                    <span className="area-code-list__name">{entry.name}</span>
                    <span className="area-code-list__code">+{entry.callingCode}</span>
                    {selected ? <IconCheck /> : null}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </Modal>
    </>
  );
}
