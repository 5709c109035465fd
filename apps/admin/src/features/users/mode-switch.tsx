/** Real or demo book. */
export function ModeSwitch({ mode, onChange }: { mode: 'real' | 'demo'; onChange: (m: 'real' | 'demo') => void }) {
  return (
    <fieldset className="segmented" aria-label="Book">
      {(['real', 'demo'] as const).map((m) => (
        <label key={m} className={mode === m ? 'is-active' : undefined}>
          <input type="radio" name="mode" value={m} checked={mode === m} onChange={() => onChange(m)} />
          {m === 'real' ? 'Real' : 'Demo'}
        </label>
      ))}
    </fieldset>
  );
}
