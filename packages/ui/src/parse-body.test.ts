import { describe, expect, it } from 'vitest';
import { parseBody } from './parse-body.ts';

describe('parseBody', () => {
  it('splits paragraphs, headings and bullet lists', () => {
    const body = 'First line\ncontinues.\n\n## Heading\nAfter heading.\n- one\n- two\n\nLast.';
    expect(parseBody(body)).toEqual([
      { kind: 'paragraph', text: 'First line continues.' },
      { kind: 'heading', text: 'Heading' },
      { kind: 'paragraph', text: 'After heading.' },
      { kind: 'list', items: ['one', 'two'] },
      { kind: 'paragraph', text: 'Last.' },
    ]);
  });

  it('keeps markup as plain text', () => {
    expect(parseBody('<script>alert(1)</script>')).toEqual([{ kind: 'paragraph', text: '<script>alert(1)</script>' }]);
  });

  it('handles Windows line endings and empty bodies', () => {
    expect(parseBody('a\r\n\r\nb')).toHaveLength(2);
    expect(parseBody('')).toEqual([]);
  });
});
