import { SuccessCode } from '@openbourse/contracts/errors.ts';
import {
  KYC_DOCUMENT_TYPES,
  KYC_SEXES,
  type KycDocumentType,
  KycSubmitRequest,
  type KycView,
} from '@openbourse/contracts/kyc.ts';
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/components/button';
import { IconAlert } from '@/shared/components/icons';
import { TextField } from '@/shared/components/text-field';
import { toast } from '@/shared/components/toast/toast-store';
import { errorText } from '@/shared/i18n/i18n';
import { ApiError, errorMessage } from '@/shared/lib/api-client';
import { validate } from '@/shared/lib/validation';
import { useSubmitKyc } from '../api/identification';
import { uploadKycPhoto } from '../api/upload-photo';
import { useCountryOptions } from '../lib/countries';
import { birthDateError, photoError, isJpeg2000, todayUtc } from '../lib/photo';
import { type Photo, PhotoPicker } from './photo-picker';
import { SelectField } from './select-field';

type TextName = 'firstName' | 'lastName' | 'birthDate' | 'sex' | 'country' | 'address' | 'phone';
type Slot = 'front' | 'back' | 'inHand';
type Field = TextName | 'documentType' | 'frontFileId' | 'backFileId' | 'inHandFileId';
const FIELDS: readonly Field[] = [
  'firstName',
  'lastName',
  'birthDate',
  'sex',
  'country',
  'address',
  'phone',
  'documentType',
  'frontFileId',
  'backFileId',
  'inHandFileId',
];
const SLOT_FIELD: Record<Slot, Field> = { front: 'frontFileId', back: 'backFileId', inHand: 'inHandFileId' };
const SLOTS: readonly Slot[] = ['front', 'back', 'inHand'];
/** Where a server error goes: the field it names (an upload's `file` has no one place: the form's). */
const fieldOf = (field: string | undefined): Field | 'form' =>
  FIELDS.includes(field as Field) ? (field as Field) : 'form';

type Values = Record<TextName, string> & { documentType: KycDocumentType };
type Errors = Partial<Record<Field | 'form', string>>;

function initialValues(previous: KycView['application']): Values {
  return {
    firstName: previous?.firstName ?? '',
    lastName: previous?.lastName ?? '',
    birthDate: previous?.birthDate ?? '',
    sex: previous?.sex ?? '',
    country: previous?.country ?? '',
    address: previous?.address ?? '',
    phone: previous?.phone ?? '',
    documentType: previous?.documentType ?? 'id_card',
  };
}

/**
 * The identity and the document's photos. Each photo uploads when chosen (checked first for its
 * size and kind); the form is sent once every photo has its id. A failed application's details
 * are filled in again; its photos are taken anew.
 */
export function KycForm({ previous, onCancel }: { previous: KycView['application']; onCancel?(): void }) {
  const { t } = useTranslation();
  const countries = useCountryOptions();
  const [values, setValues] = useState<Values>(() => initialValues(previous));
  const [photos, setPhotos] = useState<Record<Slot, Photo | null>>({ front: null, back: null, inHand: null });
  const [errors, setErrors] = useState<Errors>({});
  const submit = useSubmitKyc();
  const passport = values.documentType === 'passport';

  // Object URLs of previews are let go when replaced and when the form goes.
  const photosRef = useRef(photos);
  photosRef.current = photos;
  useEffect(
    () => () => {
      for (const p of Object.values(photosRef.current)) if (p?.url) URL.revokeObjectURL(p.url);
    },
    [],
  );

  const clearError = (...names: (Field | 'form')[]) =>
    setErrors((e) => {
      const next = { ...e };
      for (const n of names) delete next[n];
      delete next.form;
      return next;
    });

  const update = (patch: Partial<Values>) => {
    setValues((v) => ({ ...v, ...patch }));
    clearError(...(Object.keys(patch) as Field[]));
  };

  const setPhoto = (slot: Slot, photo: Photo | null) =>
    setPhotos((p) => {
      const old = p[slot];
      if (old?.url && old.url !== photo?.url) URL.revokeObjectURL(old.url);
      return { ...p, [slot]: photo };
    });

  const pick = (slot: Slot, file: File) => {
    const field = SLOT_FIELD[slot];
    clearError(field);
    const refused = photoError(file);
    if (refused) {
      setPhoto(slot, null);
      setErrors((e) => ({ ...e, [field]: refused }));
      return;
    }
    const url = isJpeg2000(file) || typeof URL.createObjectURL !== 'function' ? null : URL.createObjectURL(file);
    setPhoto(slot, { file, url, id: null });
    uploadKycPhoto(file).then(
      ({ id }) => setPhotos((p) => (p[slot]?.file === file ? { ...p, [slot]: { ...p[slot], id } } : p)),
      (error: unknown) => {
        setPhotos((p) => {
          if (p[slot]?.file !== file) return p;
          if (p[slot]?.url) URL.revokeObjectURL(p[slot].url as string);
          return { ...p, [slot]: null };
        });
        setErrors((e) => ({ ...e, [field]: errorMessage(error) }));
      },
    );
  };

  const showErrors = (found: Errors) => {
    setErrors(found);
    const first = FIELDS.find((f) => found[f]);
    if (!first) return;
    const slot = SLOTS.find((s) => SLOT_FIELD[s] === first);
    document.getElementById(slot ? `kyc-photo-${slot}-input` : `kyc-${first}`)?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submit.isPending) return;
    const uploading = SLOTS.some((s) => photos[s] && !photos[s]?.id);
    const body = {
      firstName: values.firstName,
      lastName: values.lastName,
      birthDate: values.birthDate,
      sex: values.sex,
      country: values.country,
      address: values.address,
      phone: values.phone,
      documentType: values.documentType,
      frontFileId: photos.front?.id ?? '',
      backFileId: photos.back?.id ?? (passport ? null : ''),
      inHandFileId: photos.inHand?.id ?? '',
    };
    const checked = validate(KycSubmitRequest, body);
    const found: Errors = {};
    for (const [field, text] of Object.entries(checked.errors ?? {})) found[fieldOf(field)] ??= text;
    if (!found.birthDate) {
      const young = birthDateError(values.birthDate);
      if (young) found.birthDate = young;
    }
    // A photo still uploading is not missing: the form waits for it.
    if (uploading) for (const s of SLOTS) if (photos[s] && !photos[s]?.id) delete found[SLOT_FIELD[s]];
    if (Object.keys(found).length > 0 || !checked.data) {
      showErrors(found);
      return;
    }
    if (uploading) {
      setErrors({ form: t('kyc.form.waitUploads') });
      return;
    }
    submit.mutate(checked.data, {
      onSuccess(answer) {
        toast.success(answer.msg || errorText(SuccessCode.SubmittedForReview));
      },
      onError(error) {
        const to = error instanceof ApiError && error.kind === 'server' ? fieldOf(error.field) : 'form';
        showErrors({ [to]: errorMessage(error) });
      },
    });
  };

  const text = (name: Exclude<TextName, 'sex' | 'country'>) => ({
    id: `kyc-${name}`,
    name,
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => update({ [name]: e.target.value }),
    error: errors[name],
    testId: `kyc-${name}`,
  });

  return (
    <form className="form kyc-form" onSubmit={onSubmit} noValidate data-testid="kyc-form">
      <fieldset className="kyc-form__group">
        <legend className="kyc-form__legend">{t('kyc.form.identity')}</legend>
        <div className="kyc-form__grid">
          <TextField
            {...text('firstName')}
            label={t('kyc.form.firstName')}
            autoComplete="given-name"
            maxLength={64}
            hint={t('kyc.form.asOnDocument')}
          />
          <TextField {...text('lastName')} label={t('kyc.form.lastName')} autoComplete="family-name" maxLength={64} />
          <TextField
            {...text('birthDate')}
            type="date"
            label={t('kyc.form.birthDate')}
            autoComplete="bday"
            max={todayUtc()}
            hint={t('kyc.form.birthDateHint')}
          />
          <SelectField
            id="kyc-sex"
            label={t('kyc.form.sex')}
            value={values.sex}
            onChange={(e) => update({ sex: e.target.value })}
            error={errors.sex}
            testId="kyc-sex"
          >
            <option value="" disabled>
              {t('kyc.form.choose')}
            </option>
            {KYC_SEXES.map((s) => (
              <option key={s} value={s}>
                {t(`kyc.sex.${s}`)}
              </option>
            ))}
          </SelectField>
          <SelectField
            id="kyc-country"
            label={t('kyc.form.country')}
            value={values.country}
            onChange={(e) => update({ country: e.target.value })}
            error={errors.country}
            testId="kyc-country"
            autoComplete="country"
          >
            <option value="" disabled>
              {t('kyc.form.choose')}
            </option>
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </SelectField>
          <TextField
            {...text('phone')}
            type="tel"
            dir="ltr"
            label={t('kyc.form.phone')}
            autoComplete="tel"
            inputMode="tel"
            maxLength={24}
            hint={t('kyc.form.phoneHint')}
          />
        </div>
        <TextField {...text('address')} label={t('kyc.form.address')} autoComplete="street-address" maxLength={200} />
      </fieldset>

      <fieldset className="kyc-form__group">
        <legend className="kyc-form__legend">{t('kyc.form.document')}</legend>
        <div className="kyc-doc" role="radiogroup" aria-label={t('kyc.form.documentType')}>
          {KYC_DOCUMENT_TYPES.map((d) => (
            <label key={d} className={`kyc-doc__option ${values.documentType === d ? 'is-active' : ''}`.trim()}>
              <input
                type="radio"
                name="documentType"
                value={d}
                checked={values.documentType === d}
                onChange={() => {
                  update({ documentType: d });
                  clearError('backFileId');
                }}
                data-testid={`kyc-doc-${d}`}
              />
              <span>{t(`kyc.document.${d}`)}</span>
            </label>
          ))}
        </div>
        {errors.documentType ? (
          <p className="field__error" role="alert">
            {errors.documentType}
          </p>
        ) : null}
        <p className="field__hint" id="kyc-photo-hint">
          {t('kyc.form.photoHint')}
        </p>
        <div className="kyc-photos">
          <PhotoPicker
            slot="front"
            label={t('kyc.form.front')}
            capture="environment"
            photo={photos.front}
            error={errors.frontFileId}
            onPick={(f) => pick('front', f)}
            onRemove={() => setPhoto('front', null)}
          />
          <PhotoPicker
            slot="back"
            label={t('kyc.form.back')}
            optional={passport}
            capture="environment"
            photo={photos.back}
            error={errors.backFileId}
            onPick={(f) => pick('back', f)}
            onRemove={() => setPhoto('back', null)}
          />
          <PhotoPicker
            slot="inHand"
            label={t('kyc.form.inHand')}
            capture="user"
            photo={photos.inHand}
            error={errors.inHandFileId}
            onPick={(f) => pick('inHand', f)}
            onRemove={() => setPhoto('inHand', null)}
          />
        </div>
      </fieldset>

      {errors.form ? (
        <p className="notice-bar kyc-form__error" role="alert" data-testid="kyc-form-error">
          <IconAlert />
          <span>{errors.form}</span>
        </p>
      ) : null}
      <p className="form__note">{t('kyc.form.reviewNote')}</p>
      <div className="kyc-form__actions">
        {onCancel ? (
          <Button variant="secondary" size="lg" onClick={onCancel} data-testid="kyc-cancel">
            {t('kyc.form.cancel')}
          </Button>
        ) : null}
        <Button type="submit" size="lg" loading={submit.isPending} data-testid="kyc-submit">
          {t('kyc.form.submit')}
        </Button>
      </div>
    </form>
  );
}
