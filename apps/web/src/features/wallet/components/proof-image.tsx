import { useTranslation } from 'react-i18next';
import { IconDocument } from '@/shared/components/icons';
import { useFileUrl } from '../api/get-file';

/** A small view of an uploaded proof: the file is the owner's only, so it is fetched with the session's token. */
export function ProofImage({ fileId, size = 'sm', testId }: { fileId: string; size?: 'sm' | 'md'; testId?: string }) {
  const { t } = useTranslation();
  const { url, isError } = useFileUrl(fileId);
  return (
    <span className={`proof-image proof-image--${size}`} data-testid={testId}>
      {url ? (
        <a href={url} target="_blank" rel="noreferrer noopener" title={t('wallet.deposit.proofAlt')}>
          <img src={url} alt={t('wallet.deposit.proofAlt')} />
        </a>
      ) : (
        <IconDocument className={isError ? 'proof-image__missing' : 'proof-image__loading'} />
      )}
    </span>
  );
}
