/**
 * Add or edit an NFT collection: its title and story per language (English required), the creator,
 * the chain (informational unless a chain adapter is configured) and whether users see it. Saved
 * whole; a refused field says so under itself.
 */
import { Button } from '@openbourse/ui';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError } from '@/shared/api';
import { Dialog, ErrorNote, TextField, Toggle } from '@/shared/components';
import { EnglishTexts, OtherLanguages, type TextSpec, type Texts, writtenTexts } from './language-texts';
import { type Collection, type CollectionInput, saveCollection } from './nfts-api';
import './nfts.css';

export const TITLE_STORY: TextSpec[] = [
  { key: 'titles', label: 'Title', max: 200 },
  { key: 'stories', label: 'Story', max: 4000, long: true },
];

interface Form {
  texts: Texts;
  creator: string;
  chain: string;
  enabled: boolean;
}

const formOf = (c: Collection | null): Form =>
  c
    ? {
        texts: { titles: { ...c.titles }, stories: { ...c.stories } },
        creator: c.creator,
        chain: c.chain,
        enabled: c.enabled,
      }
    : { texts: { titles: { en: '' }, stories: { en: '' } }, creator: '', chain: 'Ethereum', enabled: true };

function localErrors(f: Form): Partial<Record<string, string>> {
  const e: Partial<Record<string, string>> = {};
  if (!f.texts.titles?.en?.trim()) e.titles = 'The English title is required';
  if (!f.texts.stories?.en?.trim()) e.stories = 'The English story is required';
  if (!f.creator.trim()) e.creator = 'The creator is required';
  if (!f.chain.trim()) e.chain = 'The chain is required';
  return e;
}

const inputOf = (f: Form): CollectionInput => ({
  titles: writtenTexts(f.texts.titles ?? {}),
  stories: writtenTexts(f.texts.stories ?? {}),
  creator: f.creator.trim(),
  chain: f.chain.trim(),
  enabled: f.enabled,
});

export function NftCollectionDialog({
  collection,
  onClose,
  onSaved,
}: {
  collection: Collection | null;
  onClose: () => void;
  onSaved: (c: Collection) => void;
}) {
  const [form, setForm] = useState<Form>(() => formOf(collection));
  const [tried, setTried] = useState(false);
  const save = useMutation({
    mutationFn: (input: CollectionInput) => saveCollection(input, collection?.id),
    onSuccess: onSaved,
  });
  const errors = localErrors(form);
  const serverField = save.error instanceof ApiError ? save.error.field?.split('.')[0] : undefined;
  const errorOf = (k: string) =>
    (tried ? errors[k] : undefined) ?? (serverField === k ? (save.error as ApiError).message : undefined);
  const fieldShown = serverField !== undefined && ['titles', 'stories', 'creator', 'chain'].includes(serverField);
  const onText = (key: string, lang: string, value: string) =>
    setForm({ ...form, texts: { ...form.texts, [key]: { ...form.texts[key], [lang]: value } } });

  function submit(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    if (Object.keys(errors).length > 0) return;
    save.mutate(inputOf(form));
  }

  return (
    <Dialog title={collection ? `Collection ${collection.id}` : 'New collection'} open onClose={onClose} wide>
      <form className="form" onSubmit={submit} noValidate>
        <EnglishTexts specs={TITLE_STORY} texts={form.texts} onChange={onText} errorOf={errorOf} />
        <div className="form__grid">
          <TextField
            label="Creator"
            value={form.creator}
            maxLength={120}
            hint="The artist or studio, as users see it"
            onChange={(e) => setForm({ ...form, creator: e.target.value })}
            error={errorOf('creator')}
          />
          <TextField
            label="Chain"
            value={form.chain}
            maxLength={40}
            hint="Informational: no token is minted unless a chain adapter is configured"
            onChange={(e) => setForm({ ...form, chain: e.target.value })}
            error={errorOf('chain')}
          />
        </div>
        <Toggle
          label="Shown to users"
          hint="Off: the collection and all its items are hidden from users"
          checked={form.enabled}
          onChange={(enabled) => setForm({ ...form, enabled })}
        />
        <OtherLanguages specs={TITLE_STORY} texts={form.texts} onChange={onText} />
        {fieldShown ? null : <ErrorNote error={save.error} />}
        <div className="form__buttons">
          <Button variant="secondary" disabled={save.isPending} onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {collection ? 'Save' : 'Create'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
