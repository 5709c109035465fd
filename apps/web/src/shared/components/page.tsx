import type { ReactNode } from 'react';

/** The frame every page sits in: a heading block and the page's sections. */
export function Page({
  title,
  subtitle,
  actions,
  children,
  className,
  wide = false,
}: {
  title?: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  wide?: boolean;
}) {
  return (
    <div className={`page ${wide ? 'page--wide' : ''} ${className ?? ''}`.trim()}>
      {title ? (
        <header className="page__header">
          <div className="page__heading">
            <h1 className="page__title">{title}</h1>
            {subtitle ? <p className="page__subtitle">{subtitle}</p> : null}
          </div>
          {actions ? <div className="page__actions">{actions}</div> : null}
        </header>
      ) : null}
      {children}
    </div>
  );
}

export function Section({
  title,
  actions,
  children,
  className,
}: {
  title?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={`card section ${className ?? ''}`.trim()}>
      {title || actions ? (
        <div className="section__header">
          {title ? <h2 className="section__title">{title}</h2> : <span />}
          {actions}
        </div>
      ) : null}
      {children}
    </section>
  );
}
