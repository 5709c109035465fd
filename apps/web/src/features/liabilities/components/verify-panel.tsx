import { type LiabilitiesProof, type VerifyResult, verifyProof } from '@openbourse/contracts/liabilities-tree.ts';
import type { LiabilitiesRoot } from '@openbourse/contracts/liabilities.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/components/button';

/**
 * "Verify in the browser": the same function the server builds the tree with recomputes the user's
 * leaf and climbs the path to a root, compared with the root and totals the platform published.
 */
export function VerifyPanel({ proof, root }: { proof: LiabilitiesProof; root: LiabilitiesRoot }) {
  const { t } = useTranslation();
  const [result, setResult] = useState<VerifyResult | null>(null);
  const published = { hash: root.rootHash, sums: root.totals.map((x) => x.units) };
  const stale = proof.snapshot.day !== root.day;
  return (
    <div className="pol-verify">
      <Button
        type="button"
        variant="secondary"
        onClick={() => setResult(verifyProof(proof, published))}
        data-testid="pol-verify"
      >
        {t('liabilities.verify')}
      </Button>
      {stale ? <p className="muted">{t('liabilities.staleProof', { day: proof.snapshot.day })}</p> : null}
      {result ? (
        <>
          <ol className="pol-steps" data-testid="pol-steps">
            {result.steps.map((s) => (
              <li key={s.step} className={`pol-step ${s.ok ? 'pol-step--ok' : 'pol-step--fail'}`} data-step={s.step}>
                <span className="pol-step__mark" aria-hidden="true">
                  {s.ok ? '✓' : '✗'}
                </span>
                <div className="pol-step__body">
                  <strong>{t(`liabilities.steps.${s.step}`)}</strong>
                  <code className="pol-hash" dir="ltr">
                    {s.detail}
                  </code>
                </div>
              </li>
            ))}
          </ol>
          <p
            className={`pol-outcome ${result.ok ? 'pol-outcome--ok' : 'pol-outcome--fail'}`}
            role="status"
            data-testid="pol-outcome"
          >
            {result.ok ? t('liabilities.verified') : t('liabilities.notVerified')}
          </p>
        </>
      ) : null}
    </div>
  );
}
