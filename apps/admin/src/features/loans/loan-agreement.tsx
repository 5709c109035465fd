/** The signed agreement inside the review dialog (fetched with the session token), and a link to open it in a tab. */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ErrorNote } from '@/shared/components';
import { fetchAgreement } from './loans-api';

export function LoanAgreement({ loanId }: { loanId: number }) {
  const pdf = useQuery({
    queryKey: ['loan-agreement', loanId],
    queryFn: ({ signal }) => fetchAgreement(loanId, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!pdf.data) return;
    const u = URL.createObjectURL(pdf.data);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [pdf.data]);
  return (
    <section className="loan__agreement" aria-label="Signed agreement">
      {pdf.error ? <ErrorNote error={pdf.error} /> : null}
      {url ? (
        <>
          <a href={url} target="_blank" rel="noopener noreferrer">
            Open the signed agreement in a new tab
          </a>
          <iframe title={`Loan agreement ${loanId}`} src={url} />
        </>
      ) : pdf.isLoading ? (
        <p className="muted">Loading the signed agreement…</p>
      ) : null}
    </section>
  );
}
