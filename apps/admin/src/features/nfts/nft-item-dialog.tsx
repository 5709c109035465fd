/**
 * List or edit an NFT item: its artwork (uploaded here: the thumbnail shows once the server has
 * checked it), title and story per language, collection and charity, edition, currency and prices,
 * bid step, anti-sniping extension, start and end (UTC), and the seller when they have an account.
 * Once the item has a bid its prices, times, step, extension, charity, seller and currency are frozen
 * (the server refuses a change: 40068), and it can no longer be withdrawn.
 */
import { Button } from '@openbourse/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError } from '@/shared/api';
import { Dialog, ErrorNote, Facts, Notice, SelectField, TextField } from '@/shared/components';
import { formatDecimal, formatTime } from '@/shared/format';
import { TITLE_STORY } from './nft-collection-dialog';
import {
  FIELD_OF,
  FROZEN_FIELDS,
  type ItemForm,
  itemErrors,
  itemForm,
  itemInput,
  parseUtcInput,
} from './nft-item-form';
import { EnglishTexts, OtherLanguages } from './language-texts';
import {
  charitiesKey,
  type Collection,
  getCharities,
  type Item,
  type ItemInput,
  saveItem,
  uploadArtwork,
  withdrawItem,
} from './nfts-api';
import { StatusBadge } from './nft-status';
import './nfts.css';

/** The entered time as the server will take it, e.g. "27 Nov 2026, 08:00:00 UTC". */
const utcHint = (text: string) => {
  const ms = parseUtcInput(text);
  return ms === null ? 'Entered in UTC' : formatTime(ms);
};

/** Statuses in which the item can still be withdrawn (and before its first bid). */
const OPEN = ['upcoming', 'live'];

export function NftItemDialog({
  item,
  collections,
  defaultCollectionId,
  onClose,
  onSaved,
}: {
  /** null: a new item. */
  item: Item | null;
  collections: Collection[];
  defaultCollectionId?: number | undefined;
  onClose: () => void;
  onSaved: (item: Item) => void;
}) {
  const [form, setForm] = useState<ItemForm>(() =>
    itemForm(item, Date.now(), defaultCollectionId ? { collectionId: defaultCollectionId } : {}),
  );
  const [tried, setTried] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const charities = useQuery({ queryKey: charitiesKey, queryFn: getCharities });
  const save = useMutation({ mutationFn: (input: ItemInput) => saveItem(input, item?.id), onSuccess: onSaved });
  const withdraw = useMutation({ mutationFn: () => withdrawItem(item!.id), onSuccess: onSaved });
  const upload = useMutation({
    mutationFn: uploadArtwork,
    onSuccess: (u) => setForm((f) => ({ ...f, imageFileId: u.id, thumbnail: u.thumbnail })),
  });

  const locked = item !== null && (item.frozen || !OPEN.includes(item.status));
  const lockedFields = new Set<string>(locked ? FROZEN_FIELDS : []);
  const errors = itemErrors(form);
  const refused = save.error instanceof ApiError ? save.error : null;
  const serverField = refused?.field ? (FIELD_OF[refused.field] ?? refused.field.split('.')[0]) : undefined;
  const errorOf = (k: string) => (tried ? errors[k] : undefined) ?? (serverField === k ? refused?.message : undefined);
  const shownFields = [
    'titles',
    'stories',
    'imageFileId',
    'collectionId',
    'charityId',
    'edition',
    'editionSize',
    ...FROZEN_FIELDS,
  ];
  const fieldShown = serverField !== undefined && shownFields.includes(serverField);
  const field = (k: Exclude<keyof ItemForm, 'texts'>) => ({
    value: form[k],
    disabled: lockedFields.has(k),
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value }),
    error: errorOf(k),
  });
  const onText = (key: string, lang: string, value: string) =>
    setForm({ ...form, texts: { ...form.texts, [key]: { ...form.texts[key], [lang]: value } } });

  function submit(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    if (Object.keys(errors).length > 0) return;
    save.mutate(itemInput(form));
  }

  const charityOptions = (charities.data?.list ?? [])
    .filter((c) => c.enabled || String(c.id) === form.charityId)
    .map((c) => ({ value: String(c.id), label: `${c.name}${c.enabled ? '' : ' (off)'}` }));
  if (item && !charityOptions.some((o) => o.value === form.charityId)) {
    charityOptions.push({ value: String(item.charityId), label: item.charity.name });
  }

  return (
    <Dialog title={item ? `NFT item ${item.id}` : 'New NFT item'} open onClose={onClose} wide>
      <form className="form nft-form" onSubmit={submit} noValidate>
        {item ? (
          <div className="nft-form__figures">
            <Facts
              items={[
                ['Status', <StatusBadge key="s" status={item.status} />],
                ['Current bid', item.currentBid ? `${formatDecimal(item.currentBid)} ${item.currency}` : 'None'],
                ['Bids', item.bids],
                ['Donated', `${formatDecimal(item.donated)} ${item.currency}`],
                ['Ends', formatTime(item.endAt)],
              ]}
            />
          </div>
        ) : null}
        {locked ? (
          <Notice tone="warn">
            {item?.frozen
              ? `This item has ${item.bids === 1 ? 'a bid' : `${item.bids} bids`}: its prices, times, step, extension, charity, seller and currency can no longer change, and it cannot be withdrawn. Titles, stories, artwork, collection and edition can.`
              : `This item is ${item?.status}: its prices, times, step, extension, charity, seller and currency can no longer change.`}
          </Notice>
        ) : null}
        <div className="nft-form__art">
          {form.thumbnail ? (
            <img className="nft-thumb" src={form.thumbnail} alt="The artwork’s thumbnail" />
          ) : (
            <span className="nft-thumb nft-thumb--none">No artwork yet</span>
          )}
          <div className="field">
            <label htmlFor="nft-artwork">Artwork</label>
            <input
              id="nft-artwork"
              type="file"
              accept="image/png,image/jpeg,image/jp2,.jp2,.j2k,.j2c"
              disabled={upload.isPending}
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) upload.mutate(file);
                e.target.value = '';
              }}
            />
            <span className="field__hint">
              {upload.isPending
                ? 'Uploading…'
                : 'JPG, JPEG 2000 or PNG, at most 2 MB; checked by its content. Users see it at once when the item is listed.'}
            </span>
            {upload.error ? (
              <span className="field__error">
                {upload.error instanceof ApiError ? upload.error.message : 'Upload failed'}
              </span>
            ) : (
              errorOf('imageFileId') && <span className="field__error">{errorOf('imageFileId')}</span>
            )}
          </div>
        </div>
        <EnglishTexts specs={TITLE_STORY} texts={form.texts} onChange={onText} errorOf={errorOf} />
        <div className="form__grid">
          <SelectField
            label="Collection"
            value={form.collectionId}
            onChange={(e) => setForm({ ...form, collectionId: e.target.value })}
            options={[
              { value: '', label: 'Choose…' },
              ...collections.map((c) => ({ value: String(c.id), label: c.titles.en ?? c.title })),
            ]}
          />
          <SelectField
            label="Charity"
            value={form.charityId}
            disabled={lockedFields.has('charityId')}
            hint={charities.error ? 'The charities could not be read' : 'Receives the sale price'}
            onChange={(e) => setForm({ ...form, charityId: e.target.value })}
            options={[{ value: '', label: 'Choose…' }, ...charityOptions]}
          />
        </div>
        {errorOf('collectionId') || errorOf('charityId') ? (
          <span className="field__error">{errorOf('collectionId') ?? errorOf('charityId')}</span>
        ) : null}
        <div className="form__grid form__grid--3">
          <TextField label="Edition" inputMode="numeric" hint="This item’s number" {...field('edition')} />
          <TextField label="Edition size" inputMode="numeric" hint="1 for a one-off" {...field('editionSize')} />
          <TextField
            label="Seller user ID"
            inputMode="numeric"
            hint="Optional: the donor, who cannot bid on it"
            {...field('sellerUserId')}
          />
        </div>
        <div className="form__grid form__grid--3">
          <TextField
            label="Currency"
            {...field('currency')}
            onChange={(e) => setForm({ ...form, currency: e.target.value.toUpperCase() })}
          />
          <TextField label="Start price" inputMode="decimal" hint="The lowest first bid" {...field('startPrice')} />
          <TextField
            label="Reserve"
            inputMode="decimal"
            hint="Below it at the end, nothing is sold"
            {...field('reserve')}
          />
          <TextField
            label="Buy-now price"
            inputMode="decimal"
            hint="Optional: ends the auction at once"
            {...field('buyNow')}
          />
          <TextField
            label="Bid step (%)"
            inputMode="decimal"
            hint="Each bid beats the leading one by at least this"
            {...field('stepPercent')}
          />
          <TextField
            label="Extension (minutes)"
            inputMode="decimal"
            hint="A bid this close to the end moves the end this far"
            {...field('extendMinutes')}
          />
        </div>
        <div className="form__grid">
          <TextField
            label="Start (UTC)"
            type="datetime-local"
            step={60}
            hint={utcHint(form.startAt)}
            {...field('startAt')}
          />
          <TextField
            label="End (UTC)"
            type="datetime-local"
            step={60}
            hint={
              item && item.endAt !== item.originalEndAt
                ? `${utcHint(form.endAt)}; extended by late bids to ${formatTime(item.endAt)}`
                : utcHint(form.endAt)
            }
            {...field('endAt')}
          />
        </div>
        <OtherLanguages specs={TITLE_STORY} texts={form.texts} onChange={onText} />
        {fieldShown ? null : <ErrorNote error={save.error} />}
        <ErrorNote error={withdraw.error} />
        {confirming && item ? (
          <Notice tone="warn">
            Withdraw “{item.titles.en}”? It leaves the listings and takes no bids; this cannot be undone.{' '}
            <Button variant="danger" size="sm" loading={withdraw.isPending} onClick={() => withdraw.mutate()}>
              Withdraw now
            </Button>{' '}
            <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
          </Notice>
        ) : null}
        <div className="form__buttons">
          {item && !item.frozen && OPEN.includes(item.status) ? (
            <Button variant="ghost" className="nft-form__withdraw" onClick={() => setConfirming(true)}>
              Withdraw…
            </Button>
          ) : null}
          <Button variant="secondary" disabled={save.isPending} onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending} disabled={upload.isPending}>
            {item ? 'Save' : 'List item'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
