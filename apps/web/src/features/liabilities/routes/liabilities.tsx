import type { LiabilitiesRoot } from '@openbourse/contracts/liabilities.ts';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/components/button';
import { LoginPrompt } from '@/shared/components/login-prompt';
import { Page, Section } from '@/shared/components/page';
import { QueryError } from '@/shared/components/query-error';
import { Skeleton } from '@/shared/components/skeleton';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useFormat } from '@/shared/hooks/use-format';
import { ApiError } from '@/shared/lib/api-client';
import { useSession } from '@/shared/session/use-session';
import { useLiabilitiesHistory, useLiabilitiesRoot, useMyLiabilitiesProof } from '../api';
import { VerifyPanel } from '../components/verify-panel';
import { downloadProof, proofBalances, VERIFY_COMMAND } from '../lib';
import '../liabilities.css';

const code = (e: unknown) => (e instanceof ApiError ? e.code : null);

/** /profile/liabilities: the published proof of liabilities, the user's own leaf, its proof and its verification. */
export default function LiabilitiesRoute() {
  const { t } = useTranslation();
  const root = useLiabilitiesRoot();
  useDocumentTitle(t('liabilities.title'));
  return (
    <Page title={t('liabilities.title')} subtitle={t('liabilities.subtitle')} className="pol">
      {root.isError && code(root.error) === 40140 ? (
        <Section>
          <p className="section__text" data-testid="pol-none">
            {t('liabilities.none')}
          </p>
        </Section>
      ) : root.isError ? (
        <QueryError error={root.error} onRetry={() => void root.refetch()} />
      ) : !root.data ? (
        <Skeleton height="12rem" />
      ) : (
        <>
          <RootSection root={root.data} />
          <MineSection root={root.data} />
          <HowSection root={root.data} />
          <HistorySection />
        </>
      )}
    </Page>
  );
}

function RootSection({ root }: { root: LiabilitiesRoot }) {
  const { t } = useTranslation();
  const f = useFormat();
  const totals = root.totals.filter((x) => x.units !== '0');
  return (
    <Section title={t('liabilities.latest')}>
      <dl className="details" data-testid="pol-root">
        <div className="details__row">
          <dt>{t('liabilities.day')}</dt>
          <dd data-testid="pol-day">{f.date(`${root.day}T00:00:00Z`)}</dd>
        </div>
        <div className="details__row">
          <dt>{t('liabilities.takenAt')}</dt>
          <dd>{f.dateTime(root.takenAt)}</dd>
        </div>
        <div className="details__row">
          <dt>{t('liabilities.leafCount')}</dt>
          <dd className="num">{f.integer(root.leafCount)}</dd>
        </div>
        <div className="details__row">
          <dt>{t('liabilities.rootHash')}</dt>
          <dd>
            <code className="pol-hash" dir="ltr" data-testid="pol-root-hash">
              {root.rootHash}
            </code>
          </dd>
        </div>
      </dl>
      <h3 className="pol-subtitle">{t('liabilities.totals')}</h3>
      <table className="pol-table" data-testid="pol-totals">
        <thead>
          <tr>
            <th scope="col">{t('liabilities.currency')}</th>
            <th scope="col" className="num">
              {t('liabilities.total')}
            </th>
          </tr>
        </thead>
        <tbody>
          {totals.map((x) => (
            <tr key={x.currency}>
              <th scope="row">{x.currency}</th>
              <td className="num" dir="ltr">
                {f.decimal(x.amount)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted pol-note">{t('liabilities.whatCounts')}</p>
    </Section>
  );
}

function MineSection({ root }: { root: LiabilitiesRoot }) {
  const { t } = useTranslation();
  const f = useFormat();
  const token = useSession((s) => s.token);
  const proof = useMyLiabilitiesProof();
  if (!token)
    return (
      <Section title={t('liabilities.mine')}>
        <LoginPrompt text={t('liabilities.loginToVerify')} />
      </Section>
    );
  return (
    <Section title={t('liabilities.mine')}>
      {proof.isError && code(proof.error) === 40141 ? (
        <p className="section__text" data-testid="pol-not-in">
          {t('liabilities.notIn')}
        </p>
      ) : proof.isError ? (
        <QueryError error={proof.error} onRetry={() => void proof.refetch()} />
      ) : !proof.data ? (
        <Skeleton height="6rem" />
      ) : (
        <>
          <table className="pol-table" data-testid="pol-mine">
            <tbody>
              {proofBalances(proof.data).map((b) => (
                <tr key={b.currency}>
                  <th scope="row">{b.currency}</th>
                  <td className="num" dir="ltr">
                    {f.decimal(b.amount)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="muted pol-note">
            {t('liabilities.leafNote', { index: proof.data.leaf.index + 1, count: proof.data.snapshot.leafCount })}
          </p>
          <div className="pol-actions">
            <Button type="button" onClick={() => proof.data && downloadProof(proof.data)} data-testid="pol-download">
              {t('liabilities.download')}
            </Button>
          </div>
          <VerifyPanel proof={proof.data} root={root} />
        </>
      )}
    </Section>
  );
}

function HowSection({ root }: { root: LiabilitiesRoot }) {
  const { t } = useTranslation();
  return (
    <Section title={t('liabilities.how.title')}>
      <ol className="pol-how">
        <li>{t('liabilities.how.step1')}</li>
        <li>{t('liabilities.how.step2')}</li>
        <li>
          {t('liabilities.how.step3')}
          <pre className="pol-command" dir="ltr" data-testid="pol-command">
            {VERIFY_COMMAND(root.day, root.rootHash)}
          </pre>
        </li>
      </ol>
      <p className="muted pol-note">{t('liabilities.how.tree')}</p>
    </Section>
  );
}

function HistorySection() {
  const { t } = useTranslation();
  const f = useFormat();
  const history = useLiabilitiesHistory();
  const list = history.data?.list ?? [];
  if (list.length < 2) return null;
  return (
    <Section title={t('liabilities.history')}>
      <ul className="pol-history" data-testid="pol-history">
        {list.map((r) => (
          <li key={r.day}>
            <span>{f.date(`${r.day}T00:00:00Z`)}</span>
            <code className="pol-hash pol-hash--short" dir="ltr" title={r.rootHash}>
              {r.rootHash.slice(0, 16)}…
            </code>
            <span className="muted">{t('liabilities.leaves', { count: r.leafCount })}</span>
          </li>
        ))}
      </ul>
    </Section>
  );
}
