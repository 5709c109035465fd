/**
 * A user's private image (a deposit proof, a KYC photo), fetched with the session's token (admin
 * files route) and shown fit to the panel; a click or the buttons switch between fit, 1× and 2×
 * (scrolling inside the panel), the rotate buttons turn it a quarter at a time (a document photographed
 * sideways), and "Open original" shows the uploaded file itself (a JPEG 2000 is displayed through its
 * PNG rendition).
 */
import { Spinner } from '@openbourse/ui';
import { useQuery } from '@tanstack/react-query';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { errorMessage, fetchAdminFile } from '@/shared/api';

type Zoom = 'fit' | 1 | 2;
const ZOOMS: { value: Zoom; label: string }[] = [
  { value: 'fit', label: 'Fit' },
  { value: 1, label: '1×' },
  { value: 2, label: '2×' },
];
const next = (z: Zoom): Zoom => (z === 'fit' ? 1 : z === 1 ? 2 : 'fit');

type Turn = 0 | 90 | 180 | 270;
const turn = (r: Turn, by: 90 | -90): Turn => ((r + by + 360) % 360) as Turn;

/** The frame's inner size, followed as the dialog resizes (null where it cannot be measured). */
function useFrameSize(ref: RefObject<HTMLDivElement | null>) {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setSize({ width: el.clientWidth, height: el.clientHeight }));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}

/** An object URL for the blob, revoked when it changes or the viewer goes. */
export function useObjectUrl(blob: Blob | undefined): string | null {
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

export function ProofViewer({
  fileId,
  alt = 'Proof of the transfer uploaded by the user',
  name = 'proof',
}: {
  fileId: string;
  /** What the image shows, for its alternative text. */
  alt?: string;
  /** The saved original's name before its id ("proof-<id>.jp2"). */
  name?: string;
}) {
  const [zoom, setZoom] = useState<Zoom>('fit');
  const [rotation, setRotation] = useState<Turn>(0);
  const frameRef = useRef<HTMLDivElement>(null);
  const frame = useFrameSize(frameRef);
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
        a.download = `${name}-${fileId}${original.type === 'image/jp2' ? '.jp2' : ''}`;
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

  // Turned a quarter, the image's box swaps its sides: the button takes the turned size and the
  // image is turned about its centre inside it. Fit unturned is left to the stylesheet.
  const quarter = rotation % 180 !== 0;
  let scale: number | null = null;
  if (natural && zoom !== 'fit') scale = zoom;
  else if (natural && rotation !== 0 && frame && frame.width > 0 && frame.height > 0) {
    const w = quarter ? natural.height : natural.width;
    const h = quarter ? natural.width : natural.height;
    scale = Math.min(1, (frame.width - 2) / w, (frame.height - 2) / h);
  }
  const drawn = natural && scale !== null ? { width: natural.width * scale, height: natural.height * scale } : null;
  const box = drawn ? (quarter ? { width: drawn.height, height: drawn.width } : drawn) : undefined;
  const imageStyle = drawn
    ? {
        ...drawn,
        maxWidth: 'none',
        maxHeight: 'none',
        ...(rotation
          ? {
              position: 'absolute' as const,
              left: '50%',
              top: '50%',
              transform: `translate(-50%, -50%) rotate(${rotation}deg)`,
            }
          : {}),
      }
    : rotation
      ? { transform: `rotate(${rotation}deg)` }
      : undefined;

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
        <span className="proof__turns">
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            aria-label="Rotate left"
            title="Rotate left"
            onClick={() => setRotation((r) => turn(r, -90))}
          >
            ⟲
          </button>
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            aria-label="Rotate right"
            title="Rotate right"
            onClick={() => setRotation((r) => turn(r, 90))}
          >
            ⟳
          </button>
          <button type="button" className="btn btn--secondary btn--sm" onClick={openOriginal} disabled={opening}>
            {opening ? <Spinner /> : null}
            Open original
          </button>
        </span>
      </div>
      <div ref={frameRef} className={`proof__frame proof__frame--${zoom === 'fit' ? 'fit' : 'zoom'}`}>
        {proof.error ? (
          <p className="note note--error" role="alert">
            {errorMessage(proof.error)}
          </p>
        ) : url ? (
          <button
            type="button"
            className={`proof__image${zoom === 2 ? ' proof__image--out' : ''}`}
            aria-label={`${alt}, ${zoom === 'fit' ? 'fit to the panel' : `${zoom}×`}${rotation ? `, turned ${rotation}°` : ''}; click to zoom`}
            style={box ? { ...box, position: 'relative' } : undefined}
            onClick={() => setZoom(next)}
          >
            <img
              src={url}
              alt={alt}
              data-rotation={rotation}
              style={imageStyle}
              onLoad={(e) => setNatural({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })}
            />
          </button>
        ) : (
          <Spinner label={`Loading: ${alt}`} />
        )}
      </div>
      <figcaption className="proof__caption">
        {natural ? `${natural.width} × ${natural.height} px${rotation ? ` · turned ${rotation}°` : ''}` : null}
        {openError ? (
          <span className="field__error" role="alert">
            {errorMessage(openError)}
          </span>
        ) : null}
      </figcaption>
    </figure>
  );
}
