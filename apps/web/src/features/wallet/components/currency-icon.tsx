/** A round badge with the currency's code; its hue is derived from the code so each stays recognisable. */
export function CurrencyIcon({ code }: { code: string }) {
  let hash = 0;
  for (const ch of code) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  const hue = hash % 360;
  return (
    <span
      className="currency-icon"
      style={{ background: `hsl(${hue} 55% 26%)`, color: `hsl(${hue} 80% 91%)` }}
      aria-hidden="true"
    >
      {code.slice(0, 4)}
    </span>
  );
}
