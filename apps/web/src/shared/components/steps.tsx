import type { ComponentType } from 'react';
import type { IconProps } from './icons';

export function Steps({ items }: { items: { Icon: ComponentType<IconProps>; title: string; text: string }[] }) {
  return (
    <ol className="steps">
      {items.map(({ Icon, title, text }, i) => (
        <li key={title} className="steps__item">
          <span className="steps__icon">
            <Icon />
            <span className="steps__num">{i + 1}</span>
          </span>
          <div>
            <p className="steps__title">{title}</p>
            <p className="steps__text">{text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
