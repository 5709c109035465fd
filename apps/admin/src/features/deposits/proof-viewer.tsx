/**
 * The user's proof image, fetched with the session's token (admin files route) and shown fit to the
 * panel; a click or the buttons switch between fit, 1× and 2× (scrolling inside the panel), and
 * "Open original" shows the uploaded file itself (a JPEG 2000 is displayed through its PNG rendition).
 */
import { Spinner } from '@openbourse/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorMessage, fetchAdminFile } from '@/shared/api';

type Zoom = 'fit' | 1 | 2;
const ZOOMS: { value: Zoom; label: string }[] = [
  { value: 'fit', label: 'Fit' },
  { value: 1, label: '1×' },
  { value: 2, label: '2×' },
];
const next = (z: Zoom): Zoom => (z === 'fit' ? 1 : z === 1 ? 2 : 'fit');

/** An object URL for the blob, revoked when it changes or the viewer goes. */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob || typeof URL.createObjectURL !== 'function') return;
    const u = URL.createObjectURL(blob);
    setUrl(u);
    return () => {
      URL.revokeObjectURL(u);
      setUrl(null);
    };
  }, [blob]);
  return url;
}

export function ProofViewer({ fileId }: { fileId: string }) {
  const [zoom, setZoom] = useState<Zoom>('fit');
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const [opening, setOpening] = useState(false);
  const [openError, setOpenError] = useState<unknown>(null);
  const proof = useQuery({
    queryKey: ['file', fileId],
    queryFn: ({ signal }) => fetchAdminFile(fileId, undefined, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const url = useObjectUrl(proof.data);

  async function openOriginal() {
    // Opened now, while the click still counts as the operator's, and pointed at the file once it is here.
    const tab = window.open('', '_blank');
    setOpening(true);
    setOpenError(null);
    try {
      const original = await fetchAdminFile(fileId, 'original');
      const href = URL.createObjectURL(original);
      // Browsers cannot show a JPEG 2000: it is saved instead.
      if (tab && !/^image\/(jp2|j2c|jpx)/.test(original.type)) {
        tab.location.href = href;
      } else {
        tab?.close();
        const a = document.createElement('a');
        a.href = href;
        a.download = `proof-${fileId}${original.type === 'image/jp2' ? '.jp2' : ''}`;
        a.click();
      }
      setTimeout(() => URL.revokeObjectURL(href), 60_000);
    } catch (error) {
      tab?.close();
      setOpenError(error);
    } finally {
      setOpening(false);
    }
  }

  const size = zoom === 'fit' || !natural ? undefined : { width: natural.width * zoom, height: natural.height * zoom };

  return (
    <figure className="proof" data-testid="proof-viewer">
      <div className="proof__tools">
        <fieldset className="segmented" aria-label="Zoom">
          {ZOOMS.map((z) => (
            <label key={String(z.value)} className={zoom === z.value ? 'is-active' : undefined}>
              <input
                type="radio"
                name={`zoom-${fileId}`}
                checked={zoom === z.value}
                onChange={() => setZoom(z.value)}
              />
              {z.label}
            </label>
          ))}
        </fieldset>
        <button type="button" className="btn btn--secondary btn--sm" onClick={openOriginal} disabled={opening}>
          {opening ? <Spinner /> : null}
          Open original
        </button>
      </div>
      <div className={`proof__frame proof__frame--${zoom === 'fit' ? 'fit' : 'zoom'}`}>
        {proof.error ? (
          <p className="note note--error" role="alert">
            {errorMessage(proof.error)}
          </p>
        ) : url ? (
          <button
            type="button"
            className={`proof__image${zoom === 2 ? ' proof__image--out' : ''}`}
            aria-label={`Proof image, ${zoom === 'fit' ? 'fit to the panel' : `${zoom}×`}; click to zoom`}
            onClick={() => setZoom(next)}
          >
            <img
              src={url}
              alt="Proof of the transfer uploaded by the user"
              style={size}
              onLoad={(e) => setNatural({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })}
            />
          </button>
        ) : (
          <Spinner label="Loading the proof" />
        )}
      </div>
      <figcaption className="proof__caption">
        {natural ? `${natural.width} × ${natural.height} px` : null}
        {openError ? (
          <span className="field__error" role="alert">
            {errorMessage(openError)}
          </span>
        ) : null}
      </figcaption>
    </figure>
  );
}
