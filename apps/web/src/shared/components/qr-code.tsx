import { useEffect, useState } from 'react';
import { Skeleton } from '@/shared/components/skeleton';

/** The QR code library is loaded with the first code shown: no other page carries it. */
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

/**
 * A QR code of `text` as an image (an SVG data URL), made in the browser: a deposit address, an
 * invite link. Without `text` (still loading) it shows a placeholder.
 */
export function QrCode({
  text,
  label,
  size = 168,
  className,
  testId,
}: {
  text: string;
  label: string;
  size?: number;
  /** The frame's class (its place in the page). */
  className: string;
  testId: string;
}) {
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
        // Without a code the text is still shown beside it and copyable.
      },
    );
    return () => {
      live = false;
    };
  }, [text]);
  return (
    <div className={className} style={{ width: size, height: size }}>
      {src ? (
        <img src={src} alt={label} width={size} height={size} data-testid={testId} data-text={text} />
      ) : (
        <Skeleton width="100%" height="100%" />
      )}
    </div>
  );
}
