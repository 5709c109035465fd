/** Copies a value (a transaction hash, an address) and says so for a moment. */
import { useEffect, useState } from 'react';

export function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(t);
  }, [copied]);
  return (
    <button
      type="button"
      className="btn btn--ghost btn--sm copy-btn"
      aria-label={label}
      title={label}
      onClick={(e) => {
        // Inside a clickable row: copying must not open the row.
        e.stopPropagation();
        navigator.clipboard?.writeText(value).then(
          () => setCopied(true),
          () => undefined,
        );
      }}
      onKeyDown={(e) => e.stopPropagation()}
    >
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
}
