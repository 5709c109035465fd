import type { ReactNode } from 'react';

export type BadgeTone = 'neutral' | 'accent' | 'warn' | 'down' | 'info';

export function Badge({
  tone = 'neutral',
  children,
  testId,
}: {
  tone?: BadgeTone;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <span className={`badge badge--${tone}`} data-testid={testId}>
      {children}
    </span>
  );
}
