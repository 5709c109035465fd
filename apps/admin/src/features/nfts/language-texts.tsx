/**
 * Texts per language for the NFT editors (a collection's or item's title and story, a charity's
 * description), as the smart plan editor lays them out: English first and required, then a card per
 * other language, which falls back to English when left empty.
 */
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@openbourse/contracts/languages.ts';
import { TextArea, TextField } from '@/shared/components';

/** The languages besides English, whose texts are optional. */
export const OTHER_LANGUAGES = LANGUAGES.filter((l) => l !== 'en');

export interface TextSpec {
  /** The record's key, e.g. `titles`. */
  key: string;
  /** The field's name, e.g. `Title` (labels read "Title (de)"). */
  label: string;
  max: number;
  /** A text area (stories, descriptions) rather than one line. */
  long?: boolean;
}

export type Texts = Record<string, Record<string, string>>;

/** Trimmed, without the empty ones: what the server takes. */
export const writtenTexts = (texts: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(texts)
      .map(([k, v]) => [k, v.trim()] as const)
      .filter(([, v]) => v),
  );

function LanguageFields({
  lang,
  specs,
  texts,
  onChange,
  errorOf,
}: {
  lang: Language;
  specs: TextSpec[];
  texts: Texts;
  onChange: (key: string, lang: Language, value: string) => void;
  errorOf?: (key: string) => string | undefined;
}) {
  return (
    <>
      {specs.map((s) => {
        const props = {
          label: `${s.label} (${lang})`,
          value: texts[s.key]?.[lang] ?? '',
          maxLength: s.max,
          dir: lang === 'ar' ? 'rtl' : undefined,
          error: lang === 'en' ? errorOf?.(s.key) : undefined,
        };
        return s.long ? (
          <TextArea
            key={s.key}
            {...props}
            rows={lang === 'en' ? 4 : 2}
            onChange={(e) => onChange(s.key, lang, e.target.value)}
          />
        ) : (
          <TextField key={s.key} {...props} onChange={(e) => onChange(s.key, lang, e.target.value)} />
        );
      })}
    </>
  );
}

/** The English texts (required). */
export function EnglishTexts(props: {
  specs: TextSpec[];
  texts: Texts;
  onChange: (key: string, lang: Language, value: string) => void;
  errorOf: (key: string) => string | undefined;
}) {
  return (
    <div className={props.specs.length > 1 ? 'form__grid nft-form__english' : 'form__grid nft-form__english--one'}>
      <LanguageFields lang="en" {...props} />
    </div>
  );
}

/** A card per other language, with how many are written. */
export function OtherLanguages(props: {
  specs: TextSpec[];
  texts: Texts;
  onChange: (key: string, lang: Language, value: string) => void;
}) {
  const written = OTHER_LANGUAGES.filter((l) => props.specs.some((s) => props.texts[s.key]?.[l]?.trim())).length;
  const names = props.specs.map((s) => s.label.toLowerCase()).join(' and ');
  return (
    <fieldset className="nft-form__languages">
      <legend>
        Other languages{' '}
        <small className="muted">
          {written} of {OTHER_LANGUAGES.length} written
        </small>
      </legend>
      <p className="field__hint">A language left empty shows the English {names}.</p>
      <div className="languages">
        {OTHER_LANGUAGES.map((lang) => (
          <fieldset key={lang} className="lang-card">
            <legend>
              {LANGUAGE_NAMES[lang]} <small>{lang}</small>
            </legend>
            <LanguageFields lang={lang} specs={props.specs} texts={props.texts} onChange={props.onChange} />
          </fieldset>
        ))}
      </div>
    </fieldset>
  );
}
