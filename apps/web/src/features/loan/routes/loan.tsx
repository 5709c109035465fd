import type { LoanProduct } from '@openbourse/contracts/loan.ts';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/shared/components/button';
import { DemoNotice } from '@/shared/components/demo-notice';
import { EmptyState } from '@/shared/components/empty-state';
import { IconCoins, IconDocument, IconInfo, IconLoan, IconShield, IconWallet } from '@/shared/components/icons';
import { KycBadge } from '@/shared/components/kyc-badge';
import { LoginPrompt } from '@/shared/components/login-prompt';
import { Page, Section } from '@/shared/components/page';
import { QueryError } from '@/shared/components/query-error';
import { Skeleton, SkeletonRows } from '@/shared/components/skeleton';
import { Steps } from '@/shared/components/steps';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useFormat } from '@/shared/hooks/use-format';
import { DEMO_ACCOUNT } from '@/shared/session/session-store';
import { useSession } from '@/shared/session/use-session';
import { useLoanProducts } from '../api/products';
import { ApplyForm } from '../components/apply-form';
import { Calculator, type Choice } from '../components/calculator';
import { LoanList } from '../components/loan-list';
import { ProductList } from '../components/product-list';
import { amountProblem, needsKyc, quote } from '../lib/calculator';
import '../loan.css';

/** The user's identity verification as it bears on borrowing, with the way to it. */
function KycStatusCard() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  return (
    <div className="kyc-card" data-testid="loan-kyc-card">
      <IconShield className="kyc-card__icon" />
      <div className="kyc-card__body">
        <p className="kyc-card__title">
          {t('loan.kycTitle')} {user ? <KycBadge status={user.kycStatus} /> : <Skeleton width="5em" />}
        </p>
        <p className="kyc-card__text">{user ? t(`loan.kycText.${user.kycStatus}`) : null}</p>
      </div>
      {user && user.kycStatus !== 'verified' ? (
        <ButtonLink
          to="/profile/verify"
          size="sm"
          variant={user.kycStatus === 'pending' ? 'secondary' : 'primary'}
          className="kyc-card__action"
          data-testid="loan-kyc-link"
        >
          {user.kycStatus === 'pending' ? t('loan.viewVerification') : t('loan.verifyNow')}
        </ButtonLink>
      ) : null}
    </div>
  );
}

/** Said beside the calculator when the chosen amount needs a verified identity the user lacks. */
function KycPrompt({ product }: { product: LoanProduct }) {
  const { t } = useTranslation();
  const format = useFormat();
  const status = useSession((s) => s.user?.kycStatus ?? 'none');
  const all = product.kycFrom.replace(/[0.]/g, '') === '';
  return (
    <div className="notice-bar loan-kyc-prompt" role="note" data-testid="loan-kyc-prompt">
      <IconInfo />
      <span>
        {all
          ? t('loan.kycNeededAll')
          : t('loan.kycNeeded', { amount: format.money(product.kycFrom, product.currency) })}{' '}
        {status === 'pending' ? t('loan.kycPendingNote') : null}
      </span>
      {status !== 'pending' ? (
        <ButtonLink to="/profile/verify" size="sm" data-testid="loan-kyc-prompt-link">
          {t('loan.verifyNow')}
        </ButtonLink>
      ) : null}
    </div>
  );
}

const defaultChoice = (p: LoanProduct): Choice => ({
  productId: p.id,
  amount: p.minAmount,
  termDays: p.termDays[0] ?? 0,
});

/**
 * /loan (spec §2): the products, the calculator with the figures before signing, the agreement
 * and signature, and the user's loans. Logged out, the products and calculator show and borrowing
 * asks to log in; loans are the real account's (the demo account is told so).
 */
export default function LoanRoute() {
  const { t } = useTranslation();
  const isLoggedIn = useSession((s) => s.isLoggedIn);
  const demo = useSession((s) => s.accountMode === DEMO_ACCOUNT);
  const kycStatus = useSession((s) => s.user?.kycStatus);
  useDocumentTitle(t('loan.title'));
  const { data: products, error, isPending, refetch } = useLoanProducts();
  const [picked, setPicked] = useState<Choice | null>(null);
  const [showProblem, setShowProblem] = useState(false);
  const calculatorRef = useRef<HTMLDivElement>(null);

  const list = products ?? [];
  const product = list.find((p) => p.id === picked?.productId) ?? list[0] ?? null;
  const choice = product ? (picked && picked.productId === product.id ? picked : defaultChoice(product)) : null;
  const problem = product && choice ? amountProblem(choice.amount, product) : undefined;
  const terms = product && choice ? quote(product, choice.amount, choice.termDays, Date.now()) : null;
  const kycNeeded = Boolean(
    product && choice && isLoggedIn && kycStatus !== 'verified' && needsKyc(product, choice.amount),
  );

  const choose = (p: LoanProduct) => {
    setPicked(choice && p.id === choice.productId ? choice : defaultChoice(p));
    calculatorRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  };

  let productsBody: ReactNode;
  if (error) productsBody = <QueryError error={error} onRetry={() => void refetch()} />;
  else if (isPending) productsBody = <SkeletonRows rows={3} />;
  else if (list.length === 0)
    productsBody = (
      <EmptyState icon={<IconLoan />} title={t('loan.productsEmpty')} text={t('loan.productsEmptyText')} />
    );
  else productsBody = <ProductList products={list} selectedId={product?.id ?? null} onChoose={choose} />;

  let applyBody: ReactNode = null;
  if (!isLoggedIn) applyBody = <LoginPrompt text={t('loan.apply.loginText')} />;
  else if (product && choice)
    applyBody = (
      <ApplyForm
        product={product}
        amount={choice.amount}
        termDays={choice.termDays}
        ready={terms !== null}
        kycBlocked={kycNeeded}
        onInvalid={() => setShowProblem(true)}
        onApplied={() => setShowProblem(false)}
      />
    );

  return (
    <Page title={t('loan.title')} subtitle={t('loan.subtitle')}>
      <div className="loan-page" data-testid="loan-page">
        <DemoNotice />
        {isLoggedIn ? (
          <Section title={t('loan.eligibilityTitle')}>
            <KycStatusCard />
          </Section>
        ) : null}
        <Section title={t('loan.productsTitle')}>{productsBody}</Section>
        {product && choice ? (
          <div className="loan-borrow" ref={calculatorRef}>
            <Section title={t('loan.calc.title')} className="loan-borrow__calc">
              <Calculator
                products={list}
                product={product}
                choice={choice}
                terms={terms}
                problem={problem}
                showProblem={showProblem || (picked !== null && choice.amount.trim() !== '')}
                onChange={setPicked}
              />
              {kycNeeded ? <KycPrompt product={product} /> : null}
            </Section>
            {/* The demo account borrows nothing: the notice above says so and where to switch. */}
            {demo && isLoggedIn ? null : (
              <Section title={t('loan.apply.title')} className="loan-borrow__apply">
                {applyBody}
              </Section>
            )}
          </div>
        ) : null}
        {isLoggedIn ? (
          <Section title={t('loan.myLoansTitle')}>
            <LoanList />
          </Section>
        ) : null}
        <Section title={t('loan.howTitle')}>
          <Steps
            items={[
              { Icon: IconShield, title: t('loan.how.verifyTitle'), text: t('loan.how.verifyText') },
              { Icon: IconDocument, title: t('loan.how.signTitle'), text: t('loan.how.signText') },
              { Icon: IconWallet, title: t('loan.how.receiveTitle'), text: t('loan.how.receiveText') },
              { Icon: IconCoins, title: t('loan.how.repayTitle'), text: t('loan.how.repayText') },
            ]}
          />
        </Section>
      </div>
    </Page>
  );
}
