/**
 * One content item in all 11 languages side by side, with a preview rendered exactly as the user app
 * renders it (the shared ContentBody). Saves every language that changed in one call.
 */
import type { AdminContentItem } from '@openbourse/contracts/admin.ts';
import {
  LANGUAGE_NAMES,
  LANGUAGE_TAGS,
  LANGUAGES,
  type Language,
  RTL_LANGUAGES,
} from '@openbourse/contracts/languages.ts';
import { Button, ContentBody, Spinner } from '@openbourse/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { api } from '@/shared/api';
import { Card, ErrorNote, Notice, PageHeader, SelectField, TextArea, TextField } from '@/shared/components';
import { formatTime } from '@/shared/format';
import { ContentPin } from './content-pin';
import { CONTENT_TYPES } from './content-types';

type Item = z.infer<typeof AdminContentItem>;
interface Text {
  title: string;
  summary: string;
  body: string;
}
type Texts = Partial<Record<Language, Text>>;

const EMPTY: Text = { title: '', summary: '', body: '' };
const same = (a: Text | undefined, b: Text | undefined) =>
  (a?.title ?? '') === (b?.title ?? '') &&
  (a?.summary ?? '') === (b?.summary ?? '') &&
  (a?.body ?? '') === (b?.body ?? '');

export function ContentEditPage() {
  const idParam = useParams().id ?? '';
  const isNew = idParam === 'new';
  const id = Number(idParam);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const q = useQuery({
    queryKey: ['content', id],
    queryFn: async () => (await api.get<Item>(`content/${id}`)).result,
    enabled: !isNew && Number.isSafeInteger(id),
  });

  const [texts, setTexts] = useState<Texts>({});
  const [meta, setMeta] = useState({ slug: '', type: '3', sort: '0' });
  const [preview, setPreview] = useState<Language>('en');
  const [saved, setSaved] = useState(false);

  // The form takes the item's texts in the same render that first shows them (and again after a save).
  const [shownVersion, setShownVersion] = useState<string | null>(null);
  if (q.data && `${q.data.id}@${q.data.updatedAt}` !== shownVersion) {
    setShownVersion(`${q.data.id}@${q.data.updatedAt}`);
    setTexts(q.data.translations);
    setMeta({ slug: q.data.slug, type: String(q.data.type), sort: String(q.data.sort) });
  }

  const save = useMutation({
    mutationFn: async () => {
      const changed: Texts = {};
      for (const l of LANGUAGES) {
        const t = texts[l];
        if (t?.title.trim() && !same(t, q.data?.translations[l])) changed[l] = t;
      }
      if (isNew) {
        return (
          await api.post<Item>('content', {
            slug: meta.slug.trim(),
            type: Number(meta.type),
            sort: Number(meta.sort) || 0,
            translations: changed,
          })
        ).result;
      }
      return (await api.post<Item>(`content/${id}`, { sort: Number(meta.sort) || 0, translations: changed })).result;
    },
    onSuccess: (item) => {
      queryClient.setQueryData(['content', item.id], item);
      queryClient.invalidateQueries({ queryKey: ['content'] });
      setSaved(true);
      if (isNew) navigate(`/content/${item.id}`, { replace: true });
    },
  });

  const edit = (l: Language, k: keyof Text) => (e: { target: { value: string } }) => {
    setSaved(false);
    setTexts((t) => ({ ...t, [l]: { ...EMPTY, ...t[l], [k]: e.target.value } }));
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    save.mutate();
  }

  // An existing item's fields appear with its texts: typing into an empty form that its texts
  // then overwrite would lose what was typed.
  if (!isNew && (!q.data || `${q.data.id}@${q.data.updatedAt}` !== shownVersion)) {
    return (
      <>
        <p className="crumbs">
          <Link to="/content">Content</Link> / {idParam}
        </p>
        <ErrorNote error={q.error} />
        {q.isPending ? <Spinner label="Loading" /> : null}
      </>
    );
  }

  const shown = texts[preview]?.title ? texts[preview] : texts.en;
  const title = isNew ? 'New content item' : (q.data?.translations.en?.title ?? 'Content item');

  return (
    <form onSubmit={submit} noValidate>
      <p className="crumbs">
        <Link to="/content">Content</Link> / {isNew ? 'new' : (q.data?.slug ?? id)}
      </p>
      <PageHeader
        title={title}
        sub={
          q.data ? `Changed ${formatTime(q.data.updatedAt)}` : 'English is required; other languages fall back to it.'
        }
        actions={
          <Button type="submit" loading={save.isPending}>
            {isNew ? 'Create item' : 'Save changes'}
          </Button>
        }
      />
      <ErrorNote error={q.error ?? save.error} />
      {saved ? <Notice tone="ok">Saved. The user app shows the new text on its next load.</Notice> : null}
      {q.data && q.data.type === 5 ? <ContentPin item={q.data} /> : null}
      <Card>
        <div className="form__grid form__grid--3">
          <TextField
            label="Slug (address)"
            value={meta.slug}
            onChange={(e) => setMeta((m) => ({ ...m, slug: e.target.value }))}
            disabled={!isNew}
            hint="Lower case letters, digits and dashes"
          />
          <SelectField
            label="Type"
            value={meta.type}
            disabled={!isNew}
            onChange={(e) => setMeta((m) => ({ ...m, type: e.target.value }))}
            options={Object.entries(CONTENT_TYPES).map(([value, label]) => ({ value, label }))}
          />
          <TextField
            label="Order"
            inputMode="numeric"
            value={meta.sort}
            onChange={(e) => setMeta((m) => ({ ...m, sort: e.target.value }))}
            hint="Smaller first"
          />
        </div>
      </Card>

      <div className="content-editor">
        <section className="languages" aria-label="Translations">
          {LANGUAGES.map((l) => {
            const t = texts[l] ?? EMPTY;
            // Each field is written and spell-checked in its own language and direction.
            const field = { dir: RTL_LANGUAGES.includes(l) ? 'rtl' : 'ltr', lang: LANGUAGE_TAGS[l] } as const;
            return (
              <fieldset key={l} className={`lang-card${t.title ? '' : ' is-missing'}`} data-lang={l}>
                <legend>
                  {LANGUAGE_NAMES[l]} <small>{l}</small>
                  {t.title ? null : <span className="lang-card__missing"> — shows English</span>}
                </legend>
                <TextField label="Title" {...field} value={t.title} onChange={edit(l, 'title')} />
                <TextField label="Summary" {...field} value={t.summary} onChange={edit(l, 'summary')} />
                <TextArea label="Body" {...field} rows={6} value={t.body} onChange={edit(l, 'body')} />
                <button type="button" className="btn btn--link" onClick={() => setPreview(l)}>
                  Preview {l}
                </button>
              </fieldset>
            );
          })}
        </section>
        <aside className="preview" aria-label="Preview">
          <div className="preview__head">
            <strong>Preview</strong>
            <select
              aria-label="Preview language"
              value={preview}
              onChange={(e) => setPreview(e.target.value as Language)}
            >
              {LANGUAGES.map((l) => (
                <option key={l} value={l}>
                  {LANGUAGE_NAMES[l]}
                </option>
              ))}
            </select>
          </div>
          <article
            className="preview__page"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the preview scrolls on its own, so a keyboard user must reach it (axe scrollable-region-focusable)
            tabIndex={0}
            aria-label={`Preview, ${LANGUAGE_NAMES[preview]}`}
            lang={LANGUAGE_TAGS[texts[preview]?.title ? preview : 'en']}
            dir={RTL_LANGUAGES.includes(preview) && texts[preview]?.title ? 'rtl' : 'ltr'}
          >
            <h1>{shown?.title || 'Untitled'}</h1>
            {shown?.summary ? <p className="preview__summary">{shown.summary}</p> : null}
            <ContentBody body={shown?.body ?? ''} />
          </article>
          <p className="muted">
            Body: a blank line starts a paragraph, “## ” a heading, “- ” a bullet; markup shows as text, never runs.
            {'{site}'} and {'{supportEmail}'} are filled in from the parameters.
          </p>
        </aside>
      </div>
    </form>
  );
}
