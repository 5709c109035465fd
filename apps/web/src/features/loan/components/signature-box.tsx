import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { SIGNATURE_MAX_CHARS } from '@openbourse/contracts/loan.ts';
import { type Ref, useEffect, useId, useImperativeHandle, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import SignaturePad from 'signature_pad';
import { Button } from '@/shared/components/button';
import { errorText } from '@/shared/i18n/i18n';

export interface SignatureHandle {
  isEmpty(): boolean;
  /** The signature as a PNG data URL (scaled down to the box's CSS size if the device's is too large to send). */
  toDataURL(): string;
  clear(): void;
}

/** The canvas at the device's pixel density: sharp ink on any screen; what was drawn is kept on a resize. */
function fitCanvas(canvas: HTMLCanvasElement, pad: SignaturePad) {
  const ratio = Math.max(window.devicePixelRatio || 1, 1);
  const width = canvas.offsetWidth;
  const height = canvas.offsetHeight;
  if (!width || !height) return;
  if (canvas.width === Math.round(width * ratio) && canvas.height === Math.round(height * ratio)) return;
  const strokes = pad.toData();
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  canvas.getContext('2d')?.scale(ratio, ratio);
  pad.clear();
  if (strokes.length > 0) pad.fromData(strokes);
}

/** The PNG at 1 CSS pixel per pixel: for a dense screen whose full-size image would be over the limit. */
function smallPng(canvas: HTMLCanvasElement): string {
  const small = document.createElement('canvas');
  small.width = canvas.offsetWidth;
  small.height = canvas.offsetHeight;
  small.getContext('2d')?.drawImage(canvas, 0, 0, small.width, small.height);
  return small.toDataURL('image/png');
}

/**
 * The box the borrower signs in, by finger, pen or mouse (signature_pad), with Clear. `onChange`
 * says whether there is ink; the parent reads the image through `ref` when sending.
 */
export function SignatureBox({
  ref,
  error,
  onChange,
}: {
  ref: Ref<SignatureHandle>;
  error?: string;
  onChange(signed: boolean): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let pad: SignaturePad;
    try {
      // Dark ink on the box's light paper, as it will stand in the agreement's PDF.
      pad = new SignaturePad(canvas, { penColor: '#0b1220', minWidth: 0.7, maxWidth: 2.6 });
    } catch {
      return; // no 2D canvas (an old browser): the box stays blank and the form says it is not signed
    }
    padRef.current = pad;
    fitCanvas(canvas, pad);
    const onEnd = () => onChangeRef.current(!pad.isEmpty());
    pad.addEventListener('endStroke', onEnd);
    const onResize = () => fitCanvas(canvas, pad);
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(onResize) : null;
    observer?.observe(canvas);
    window.addEventListener('resize', onResize);
    return () => {
      pad.removeEventListener('endStroke', onEnd);
      pad.off();
      observer?.disconnect();
      window.removeEventListener('resize', onResize);
      padRef.current = null;
    };
  }, []);

  useImperativeHandle(
    ref,
    () => ({
      isEmpty: () => padRef.current?.isEmpty() ?? true,
      toDataURL() {
        const pad = padRef.current;
        const canvas = canvasRef.current;
        if (!pad || !canvas) return '';
        const png = pad.toDataURL('image/png');
        return png.length > SIGNATURE_MAX_CHARS ? smallPng(canvas) : png;
      },
      clear() {
        padRef.current?.clear();
        onChangeRef.current(false);
      },
    }),
    [],
  );

  return (
    <div className={`field signature ${error ? 'field--invalid' : ''}`.trim()} data-testid="loan-signature">
      <div className="signature__head">
        <span className="field__label" id={`${id}-label`}>
          {errorText(ErrorCode.LoanAgreement6)}
        </span>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            padRef.current?.clear();
            onChangeRef.current(false);
          }}
          data-testid="loan-signature-clear"
        >
          {t('loan.apply.clear')}
        </Button>
      </div>
      <canvas
        ref={canvasRef}
        className="signature__canvas"
        role="img"
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-help`}
        data-testid="loan-signature-canvas"
      />
      {error ? (
        <p className="field__error" id={`${id}-help`} role="alert" data-testid="loan-signature-error">
          {error}
        </p>
      ) : (
        <p className="field__hint" id={`${id}-help`}>
          {t('loan.apply.signHint')}
        </p>
      )}
    </div>
  );
}
