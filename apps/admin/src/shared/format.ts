/** Display formats of the console: exact decimals grouped (never through a float), dates in UTC. */

/** "1234567.8900" → "1,234,567.89" (trailing zeros kept to `minDecimals`), exactly, from the string. */
export function formatDecimal(value: string | null | undefined, minDecimals = 2): string {
  if (value === null || value === undefined || value === '') return '—';
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!m) return value;
  const [, sign, int = '0', frac = ''] = m;
  let f = frac.replace(/0+$/, '');
  if (f.length < minDecimals) f = f.padEnd(minDecimals, '0');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${grouped}${f ? `.${f}` : ''}`;
}

/** The exact sum of two decimal strings ("1250.5" + "6.2525" → "1256.7525"), through integers. */
export function addDecimals(a: string, b: string): string {
  const parse = (v: string) => /^(-?)(\d+)(?:\.(\d+))?$/.exec(v.trim());
  const [ma, mb] = [parse(a), parse(b)];
  if (!ma || !mb) return '';
  const scale = Math.max(ma[3]?.length ?? 0, mb[3]?.length ?? 0);
  const units = (m: RegExpExecArray) => BigInt(`${m[1]}${m[2]}${(m[3] ?? '').padEnd(scale, '0')}`);
  const sum = units(ma) + units(mb);
  const digits = (sum < 0n ? -sum : sum).toString().padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  const frac = digits.slice(digits.length - scale).replace(/0+$/, '');
  return `${sum < 0n ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
}

/** A fraction as a percentage, exactly: "0.0005" → "0.05 %". */
export function formatPercent(fraction: string): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(fraction.trim());
  if (!m) return fraction;
  const [, sign, int = '0', frac = ''] = m;
  const digits = `${int}${frac.padEnd(2, '0')}`;
  const whole = digits.slice(0, int.length + 2).replace(/^0+(?=\d)/, '');
  const rest = digits.slice(int.length + 2).replace(/0+$/, '');
  return `${sign}${whole}${rest ? `.${rest}` : ''} %`;
}

const dateTime = new Intl.DateTimeFormat('en-GB', {
  year: 'numeric',
  month: 'short',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
  timeZone: 'UTC',
});

/** An ISO string or epoch milliseconds as "25 Nov 2026, 07:12:03 UTC". */
export function formatTime(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? String(value) : `${dateTime.format(d)} UTC`;
}

/** How long ago, for lists: "3 min ago", "2 h ago", "5 d ago". */
export function formatAgo(value: string | null | undefined, now = Date.now()): string {
  if (!value) return 'never';
  const s = Math.max(0, Math.round((now - new Date(value).getTime()) / 1000));
  if (s < 60) return 'just now';
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h ago`;
  return `${Math.floor(s / 86_400)} d ago`;
}
