import { useEffect, useState } from 'react';
import { Skeleton } from '@/shared/components/skeleton';

/** The QR code library is loaded with the first code shown: no other page of this feature carries it. */
async function qrSvg(text: string): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  // Dark on white with a quiet zone whatever the theme: scanners expect it.
  return QRCode.toString(text, {
    type: 'svg',
    margin: 2,
    errorCorrectionLevel: 'M',
    color: { dark: '#000000', light: '#ffffff' },
  });
}

/** A QR code of the invite link as an image (an SVG data URL), made in the browser. */
export function InviteQr({ text, label, size = 156 }: { text: string; label: string; size?: number }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setSrc(null);
    if (!text) return;
    qrSvg(text).then(
      (svg) => {
        if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      },
      () => {
        // Without a code the link is still shown and copyable.
      },
    );
    return () => {
      live = false;
    };
  }, [text]);
  return (
    <div className="invite-qr" style={{ width: size, height: size }}>
      {src ? (
        <img src={src} alt={label} width={size} height={size} data-testid="invite-qr" data-text={text} />
      ) : (
        <Skeleton width="100%" height="100%" />
      )}
    </div>
  );
}
