/**
 * The help centre's matching: case- and accent-insensitive by folding both sides the same way
 * (Unicode NFD with combining marks removed, which also drops Arabic harakat, then lower case).
 */

/** Lower case without accents or other combining marks. */
export function fold(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .normalize('NFC');
}

const SNIPPET_CHARS = 160;

/**
 * Plain text around the first match of `needle` (folded) in `body`: whole words where it can,
 * with "…" where cut; '' when the body does not match. Folding can change a string's length
 * (a removed mark), so the position is found in the folded text and mapped back by characters.
 */
export function snippet(body: string, needle: string): string {
  const chars = [...body];
  const folded = chars.map((c) => fold(c));
  let at = -1;
  let offset = 0;
  const starts: number[] = [];
  for (const f of folded) {
    starts.push(offset);
    offset += f.length;
  }
  const idx = folded.join('').indexOf(needle);
  if (idx < 0) return '';
  at = starts.findIndex((s, i) => s <= idx && (starts[i + 1] ?? Number.POSITIVE_INFINITY) > idx);
  const from = Math.max(0, at - SNIPPET_CHARS / 2);
  const to = Math.min(chars.length, from + SNIPPET_CHARS);
  let cut = chars.slice(from, to).join('');
  // Whole words at a cut edge (the match itself is kept whole).
  const lead = from > 0 ? cut.search(/\s/) : -1;
  if (lead >= 0 && lead < at - from) cut = cut.slice(lead + 1);
  const tail = to < chars.length ? cut.search(/\s\S*$/) : -1;
  if (tail > 0 && tail >= cut.length - (to - at) + needle.length) cut = cut.slice(0, tail);
  const text = cut
    .replace(/\s+/g, ' ')
    .replace(/^#+ |^- /, '')
    .trim();
  return `${from > 0 ? '…' : ''}${text}${to < chars.length ? '…' : ''}`;
}
