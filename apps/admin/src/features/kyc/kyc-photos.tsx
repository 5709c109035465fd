/**
 * An application's photos: a strip of the three (front, back, in hand; a passport may have no back)
 * and the chosen one in the viewer, with zoom, rotation and the original. Every image comes through
 * the admin files route with the session's token (a JPEG 2000 as its PNG rendition).
 */
import { Spinner } from '@openbourse/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ProofViewer, useObjectUrl } from '@/features/deposits/proof-viewer';
import { fetchAdminFile } from '@/shared/api';
import type { KycApplication } from './kyc-api';

type Side = 'front' | 'back' | 'inHand';
const SIDES: { side: Side; label: string; field: 'frontFileId' | 'backFileId' | 'inHandFileId' }[] = [
  { side: 'front', label: 'Front', field: 'frontFileId' },
  { side: 'back', label: 'Back', field: 'backFileId' },
  { side: 'inHand', label: 'In hand', field: 'inHandFileId' },
];

function Thumbnail({ fileId, label }: { fileId: string; label: string }) {
  // The viewer's own query (same key): the chosen photo is fetched once.
  const image = useQuery({
    queryKey: ['file', fileId],
    queryFn: ({ signal }) => fetchAdminFile(fileId, undefined, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const url = useObjectUrl(image.data);
  if (image.error) return <span className="kyc-thumb__missing">Not loaded</span>;
  return url ? <img src={url} alt="" /> : <Spinner label={`Loading the ${label.toLowerCase()} photo`} />;
}

export function KycPhotos({ application }: { application: KycApplication }) {
  const [side, setSide] = useState<Side>('front');
  const shown = SIDES.find((s) => s.side === side) ?? SIDES[0]!;
  const fileId = application[shown.field];
  const docName = application.documentType === 'passport' ? 'passport' : 'document';
  return (
    <div className="kyc-photos">
      <fieldset className="kyc-photos__strip" aria-label="Photos">
        {SIDES.map(({ side: s, label, field }) => {
          const id = application[field];
          return (
            <button
              key={s}
              type="button"
              className={`kyc-thumb${s === side ? ' is-active' : ''}`}
              aria-pressed={s === side}
              disabled={!id}
              onClick={() => setSide(s)}
            >
              {id ? <Thumbnail fileId={id} label={label} /> : <span className="kyc-thumb__missing">None</span>}
              <span className="kyc-thumb__label">{label}</span>
            </button>
          );
        })}
      </fieldset>
      {fileId ? (
        <ProofViewer
          key={fileId}
          fileId={fileId}
          name={`kyc-${shown.side}`}
          alt={
            shown.side === 'inHand'
              ? `The user holding their ${docName}`
              : `The ${shown.label.toLowerCase()} of the user's ${docName}`
          }
        />
      ) : (
        <p className="muted">No back photo: a passport needs none.</p>
      )}
    </div>
  );
}
