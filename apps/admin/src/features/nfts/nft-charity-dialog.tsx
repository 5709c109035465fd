/**
 * Add or edit a charity that NFT sales donate to: its name, website, description per language
 * (English required) and whether new items may name it. Saved whole; a refused field says so under
 * itself. Donations already made stay the charity's.
 */
import { Button } from '@openbourse/ui';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError } from '@/shared/api';
import { Dialog, ErrorNote, TextField, Toggle } from '@/shared/components';
import { EnglishTexts, OtherLanguages, type TextSpec, writtenTexts } from './language-texts';
import { type Charity, type CharityInput, saveCharity } from './nfts-api';
import './nfts.css';

const TEXTS: TextSpec[] = [{ key: 'descriptions', label: 'Description', max: 2000, long: true }];

interface Form {
  name: string;
  website: string;
  descriptions: Record<string, string>;
  enabled: boolean;
}

const formOf = (c: Charity | null): Form =>
  c
    ? { name: c.name, website: c.website ?? '', descriptions: { ...c.descriptions }, enabled: c.enabled }
    : { name: '', website: '', descriptions: { en: '' }, enabled: true };

function localErrors(f: Form): Partial<Record<string, string>> {
  const e: Partial<Record<string, string>> = {};
  if (!f.name.trim()) e.name = 'The name is required';
  if (!f.descriptions.en?.trim()) e.descriptions = 'The English description is required';
  const site = f.website.trim();
  if (site && !/^https?:\/\/[^\s]+\.[^\s]+$/i.test(site)) e.website = 'A web address, e.g. https://example.org';
  return e;
}

const inputOf = (f: Form): CharityInput => ({
  name: f.name.trim(),
  website: f.website.trim() || null,
  descriptions: writtenTexts(f.descriptions),
  enabled: f.enabled,
});

export function NftCharityDialog({
  charity,
  onClose,
  onSaved,
}: {
  charity: Charity | null;
  onClose: () => void;
  onSaved: (c: Charity) => void;
}) {
  const [form, setForm] = useState<Form>(() => formOf(charity));
  const [tried, setTried] = useState(false);
  const save = useMutation({
    mutationFn: (input: CharityInput) => saveCharity(input, charity?.id),
    onSuccess: onSaved,
  });
  const errors = localErrors(form);
  const serverField = save.error instanceof ApiError ? save.error.field?.split('.')[0] : undefined;
  const errorOf = (k: string) =>
    (tried ? errors[k] : undefined) ?? (serverField === k ? (save.error as ApiError).message : undefined);
  const fieldShown = serverField !== undefined && ['name', 'website', 'descriptions'].includes(serverField);

  function submit(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    if (Object.keys(errors).length > 0) return;
    save.mutate(inputOf(form));
  }

  const texts = { descriptions: form.descriptions };
  const onText = (_key: string, lang: string, value: string) =>
    setForm({ ...form, descriptions: { ...form.descriptions, [lang]: value } });

  return (
    <Dialog title={charity ? `Charity ${charity.id}` : 'New charity'} open onClose={onClose} wide>
      <form className="form" onSubmit={submit} noValidate>
        <div className="form__grid">
          <TextField
            label="Name"
            value={form.name}
            maxLength={120}
            onChange={(e) => setForm({ ...form, name: e.target.value })}
            error={errorOf('name')}
          />
          <TextField
            label="Website"
            type="url"
            value={form.website}
            maxLength={300}
            hint="Optional; shown to users with the charity"
            onChange={(e) => setForm({ ...form, website: e.target.value })}
            error={errorOf('website')}
          />
        </div>
        <EnglishTexts specs={TEXTS} texts={texts} onChange={onText} errorOf={errorOf} />
        <Toggle
          label="Open to new items"
          hint="Off: hidden from the charities on /nfts and not offered for new items; items that name it still donate to it"
          checked={form.enabled}
          onChange={(enabled) => setForm({ ...form, enabled })}
        />
        <OtherLanguages specs={TEXTS} texts={texts} onChange={onText} />
        {fieldShown ? null : <ErrorNote error={save.error} />}
        <div className="form__buttons">
          <Button variant="secondary" disabled={save.isPending} onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {charity ? 'Save' : 'Create'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
