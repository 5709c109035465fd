/** The console's name and mark, in the side navigation and on the sign-in page. */
export function Brand({ center = false }: { center?: boolean }) {
  return (
    <div className={`brand${center ? ' brand--center' : ''}`}>
      <span className="brand__mark" aria-hidden="true">
        OB
      </span>
      <span>
        OpenBourse <small>Back office</small>
      </span>
    </div>
  );
}
