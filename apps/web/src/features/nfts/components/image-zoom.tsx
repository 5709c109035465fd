import type { NftItem } from '@openbourse/contracts/nfts.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconSearch } from '@/shared/components/icons';
import { Modal } from '@/shared/components/modal';
import { apiUrl } from '../api/nfts';

/**
 * The item's image, and the whole of it in a dialog: opened by the image's button (a keyboard
 * reaches it), closed by Escape, the close button or the backdrop.
 */
export function ImageZoom({ item }: { item: Pick<NftItem, 'image' | 'title'> }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="nft-image" onClick={() => setOpen(true)} data-testid="nft-zoom-open">
        <img src={apiUrl(item.image)} alt="" className="nft-image__img" />
        <span className="visually-hidden">{t('nfts.zoom.open', { title: item.title })}</span>
        <span className="nft-image__hint">
          <IconSearch /> {t('nfts.zoom.hint')}
        </span>
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={item.title} testId="nft-zoom">
        <div className="nft-zoom">
          <img src={apiUrl(item.image)} alt={item.title} className="nft-zoom__img" />
        </div>
      </Modal>
    </>
  );
}
