/**
 * Canned replies: each a title and a text in all 11 languages, edited side by side (English first).
 * An agent picks one in the inbox and it is put in the reply box in the customer's language.
 */
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@openbourse/contracts/languages.ts';
import { SUPPORT_TEXT_MAX, type CannedReply } from '@openbourse/contracts/support.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Card, ErrorNote, PageHeader } from '@/shared/components';
import { formatTime } from '@/shared/format';
import { deleteCanned, getCanned, saveCanned, supportKeys } from './support-api';
import './support.css';

type Texts = Record<Language, string>;
const empty = (): Texts => Object.fromEntries(LANGUAGES.map((l) => [l, ''])) as Texts;
const fill = (r: Record<string, string>): Texts => Object.fromEntries(LANGUAGES.map((l) => [l, r[l] ?? ''])) as Texts;

/** The languages still missing a title or a text (all 11 are required). */
export function missingLanguages(title: Texts, text: Texts): Language[] {
  return LANGUAGES.filter((l) => !title[l].trim() || !text[l].trim());
}

function Editor({ reply, onDone }: { reply: CannedReply | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [title, setTitle] = useState<Texts>(() => (reply ? fill(reply.title) : empty()));
  const [text, setText] = useState<Texts>(() => (reply ? fill(reply.text) : empty()));
  const missing = missingLanguages(title, text);
  const save = useMutation({
    mutationFn: () =>
      saveCanned(reply?.id ?? null, {
        title: Object.fromEntries(LANGUAGES.map((l) => [l, title[l].trim()])) as Texts,
        text: Object.fromEntries(LANGUAGES.map((l) => [l, text[l].trim()])) as Texts,
      }),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: supportKeys.canned });
      onDone();
    },
  });
  return (
    <Card title={reply ? `Edit “${reply.title.en ?? ''}”` : 'New canned reply'}>
      <div className="sup-langs" data-testid="canned-editor">
        {LANGUAGES.map((l) => (
          <fieldset key={l} className="lang-card sup-lang" dir={l === 'ar' ? 'rtl' : undefined}>
            <legend>
              {LANGUAGE_NAMES[l]} ({l})
            </legend>
            <label className="field">
              <span>Title ({l})</span>
              <input
                value={title[l]}
                maxLength={100}
                onChange={(e) => setTitle((t) => ({ ...t, [l]: e.target.value }))}
                data-testid={`canned-title-${l}`}
              />
            </label>
            <label className="field">
              <span>Text ({l})</span>
              <textarea
                value={text[l]}
                rows={4}
                maxLength={SUPPORT_TEXT_MAX}
                onChange={(e) => setText((t) => ({ ...t, [l]: e.target.value }))}
                data-testid={`canned-text-${l}`}
              />
            </label>
          </fieldset>
        ))}
      </div>
      {missing.length > 0 ? (
        <p className="muted">Every language needs a title and a text; missing: {missing.join(', ')}.</p>
      ) : null}
      <ErrorNote error={save.error} />
      <div className="actions">
        <button type="button" className="btn btn--ghost btn--sm" onClick={onDone}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn--primary btn--sm"
          disabled={missing.length > 0 || save.isPending}
          onClick={() => save.mutate()}
          data-testid="canned-save"
        >
          Save
        </button>
      </div>
    </Card>
  );
}

export function SupportCannedPage() {
  const queryClient = useQueryClient();
  const canned = useQuery({ queryKey: supportKeys.canned, queryFn: getCanned });
  const [editing, setEditing] = useState<CannedReply | 'new' | null>(null);
  const remove = useMutation({
    mutationFn: (id: number) => deleteCanned(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.canned }),
  });
  return (
    <div className="sup-page">
      <PageHeader
        title="Canned replies"
        sub={
          <>
            Ready answers in the 11 languages; in the <Link to="/support">inbox</Link> one is put in the reply box in
            the customer's language.
          </>
        }
        actions={
          <button
            type="button"
            className="btn btn--primary btn--sm"
            onClick={() => setEditing('new')}
            data-testid="canned-new"
          >
            New canned reply
          </button>
        }
      />
      {editing ? (
        <Editor
          key={editing === 'new' ? 'new' : editing.id}
          reply={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : null}
      <ErrorNote error={canned.error ?? remove.error} />
      <Card title="Replies">
        {canned.data && canned.data.length === 0 ? <p className="muted">No canned replies yet.</p> : null}
        <ul className="sup-canned-list">
          {(canned.data ?? []).map((c) => (
            <li key={c.id} data-testid="canned-row">
              <div>
                <strong>{c.title.en}</strong>
                <p className="muted sup-canned-list__text">{c.text.en}</p>
                <span className="muted">Updated {formatTime(c.updatedAt)}</span>
              </div>
              <div className="actions">
                <button type="button" className="btn btn--secondary btn--sm" onClick={() => setEditing(c)}>
                  Edit
                </button>
                <button
                  type="button"
                  className="btn btn--ghost btn--sm"
                  onClick={() => {
                    if (window.confirm(`Delete “${c.title.en}”?`)) remove.mutate(c.id);
                  }}
                >
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
