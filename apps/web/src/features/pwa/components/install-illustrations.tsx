/** Simple drawings of the controls the install steps name (iOS Safari's share button, its "Add to Home Screen" item, a browser menu). */

const common = {
  viewBox: '0 0 24 24',
  width: '1em',
  height: '1em',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

/** iOS's share icon: a box with an arrow up out of it. */
export function IllustrationShare({ className }: { className?: string }) {
  return (
    <svg {...common} className={className} aria-hidden="true" focusable="false">
      <path d="M12 3v12M8 7l4-4 4 4" />
      <path d="M8 10H6a2 2 0 0 0-2 2v7a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-7a2 2 0 0 0-2-2h-2" />
    </svg>
  );
}

/** iOS's "Add to Home Screen": a plus in a rounded square. */
export function IllustrationAddToHome({ className }: { className?: string }) {
  return (
    <svg {...common} className={className} aria-hidden="true" focusable="false">
      <rect x="4" y="4" width="16" height="16" rx="4" />
      <path d="M12 8.5v7M8.5 12h7" />
    </svg>
  );
}

/** A browser's menu (three dots). */
export function IllustrationMenu({ className }: { className?: string }) {
  return (
    <svg {...common} className={className} aria-hidden="true" focusable="false">
      <circle cx="12" cy="5" r="1.2" fill="currentColor" />
      <circle cx="12" cy="12" r="1.2" fill="currentColor" />
      <circle cx="12" cy="19" r="1.2" fill="currentColor" />
    </svg>
  );
}

/** A phone with the app's mark on its home screen. */
export function IllustrationPhone({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 120 200" className={className} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="pwa-phone-g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#19c39c" />
          <stop offset="1" stopColor="#0e7f6a" />
        </linearGradient>
      </defs>
      <rect
        x="4"
        y="4"
        width="112"
        height="192"
        rx="18"
        fill="var(--c-surface-2)"
        stroke="var(--c-border-strong)"
        strokeWidth="3"
      />
      <rect x="44" y="12" width="32" height="6" rx="3" fill="var(--c-border-strong)" />
      {[0, 1, 2].map((col) =>
        [0, 1, 2].map((row) =>
          col === 1 && row === 1 ? null : (
            <rect
              key={`${col}-${row}`}
              x={18 + col * 30}
              y={40 + row * 34}
              width="22"
              height="22"
              rx="6"
              fill="var(--c-surface-3)"
            />
          ),
        ),
      )}
      <rect x="48" y="74" width="22" height="22" rx="6" fill="url(#pwa-phone-g)" />
      <path
        d="M53 89l4-4.5 3 2.6 6.2-7"
        fill="none"
        stroke="#fff"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
