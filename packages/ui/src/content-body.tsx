import { useMemo } from 'react';
import { parseBody } from './parse-body.ts';

/** Renders a plain-text body as text nodes only: markup in it is shown, never interpreted. */
export function ContentBody({ body }: { body: string }) {
  // The body is immutable once loaded, so a block's position is a stable key.
  const blocks = useMemo(
    () => parseBody(body).map((block, index) => ({ block, key: `${block.kind}-${index}` })),
    [body],
  );
  return (
    <div className="prose">
      {blocks.map(({ block, key }) => {
        if (block.kind === 'heading') return <h2 key={key}>{block.text}</h2>;
        if (block.kind === 'list')
          return (
            <ul key={key}>
              {block.items.map((item, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: bullets of an immutable body keep their positions
                <li key={`${key}-${j}-${item.slice(0, 16)}`}>{item}</li>
              ))}
            </ul>
          );
        return <p key={key}>{block.text}</p>;
      })}
    </div>
  );
}
