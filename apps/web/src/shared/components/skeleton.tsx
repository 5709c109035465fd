import type { CSSProperties } from 'react';

/** A grey shape standing in for content that is loading; hidden from assistive technology. */
export function Skeleton({
  width,
  height,
  className,
  style,
}: {
  width?: string;
  height?: string;
  className?: string;
  style?: CSSProperties;
}) {
  return (
    <span className={`skeleton ${className ?? ''}`.trim()} style={{ width, height, ...style }} aria-hidden="true" />
  );
}

export function SkeletonRows({ rows = 3 }: { rows?: number }) {
  return (
    <div className="skeleton-rows" aria-hidden="true">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders with no identity of their own
        <div key={i} className="skeleton-rows__row">
          <Skeleton width="40%" />
          <Skeleton width="22%" />
        </div>
      ))}
    </div>
  );
}
