import { ErrorCode } from '@openbourse/contracts/errors.ts';
import type { SmartProduct } from '@openbourse/contracts/earn.ts';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DemoNotice } from '@/shared/components/demo-notice';
import { EmptyState } from '@/shared/components/empty-state';
import { IconCoins, IconInfo, IconTrading, IconWallet } from '@/shared/components/icons';
import { LoginPrompt } from '@/shared/components/login-prompt';
import { Page, Section } from '@/shared/components/page';
import { QueryError } from '@/shared/components/query-error';
import { SkeletonRows } from '@/shared/components/skeleton';
import { Steps } from '@/shared/components/steps';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { errorText } from '@/shared/i18n/i18n';
import { useSession } from '@/shared/session/use-session';
import { useSmartProducts } from '../api/smart-products';
import { BuyPanel } from '../components/buy-panel';
import { Calculator, type Choice, defaultChoice } from '../components/calculator';
import { PlanList } from '../components/plan-list';
import { ProductList, TreasuryNote } from '../components/product-list';
import { amountProblem, quote } from '../lib/plan';
import '../trading.css';

/**
 * /trading (spec §2, DESIGN §4 "Smart plans"): the products with their terms and yields and the
 * treasury that pays them, the calculator with every figure before buying, the buy with its
 * confirmation, and the user's plans with their live figures and the early exit. Logged out, the
 * products and calculator show and buying asks to log in; the demo account is told to switch.
 */
export default function TradingRoute() {
  const { t } = useTranslation();
  const isLoggedIn = useSession((s) => s.isLoggedIn);
  useDocumentTitle(t('trading.title'));
  const { data, error, isPending, refetch } = useSmartProducts();
  const [picked, setPicked] = useState<Choice | null>(null);
  const [showProblem, setShowProblem] = useState(false);
  const calculatorRef = useRef<HTMLDivElement>(null);

  const list = data?.list ?? [];
  const enabled = data?.enabled ?? false;
  const product = list.find((p) => p.id === picked?.productId) ?? list[0] ?? null;
  const choice = product ? (picked && picked.productId === product.id ? picked : defaultChoice(product)) : null;
  const problem = product && choice ? amountProblem(choice.amount, product) : undefined;
  const terms = product && choice ? quote(product, choice.amount, choice.days, Date.now()) : null;
  const onSale = Boolean(enabled && product?.enabled);

  const choose = (p: SmartProduct) => {
    setPicked(choice && p.id === choice.productId ? choice : defaultChoice(p));
    calculatorRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  };

  let productsBody: ReactNode;
  if (error) productsBody = <QueryError error={error} onRetry={() => void refetch()} />;
  else if (isPending) productsBody = <SkeletonRows rows={3} />;
  else if (list.length === 0)
    productsBody = (
      <EmptyState icon={<IconTrading />} title={t('trading.plansEmpty')} text={t('trading.plansEmptyText')} />
    );
  else
    productsBody = (
      <>
        {enabled ? null : (
          <p className="notice-bar smart-off" role="note" data-testid="smart-off">
            <IconInfo />
            <span>{t('trading.offText')}</span>
          </p>
        )}
        <ProductList products={list} enabled={enabled} selectedId={product?.id ?? null} onChoose={choose} />
        <TreasuryNote treasury={data?.treasury ?? []} />
      </>
    );

  let buyBody: ReactNode = null;
  if (!isLoggedIn) buyBody = <LoginPrompt text={t('trading.buy.loginText')} />;
  else if (!onSale)
    buyBody = (
      <p className="notice-bar" role="note" data-testid="smart-buy-off">
        <IconInfo />
        <span>{enabled ? errorText(ErrorCode.SmartNotEnabled) : t('trading.offText')}</span>
      </p>
    );
  else if (product && choice)
    buyBody = (
      <BuyPanel
        product={product}
        choice={choice}
        terms={terms}
        treasury={data?.treasury ?? []}
        onInvalid={() => setShowProblem(true)}
        onBought={() => setShowProblem(false)}
      />
    );

  return (
    <Page title={t('trading.title')} subtitle={t('trading.subtitle')}>
      <div className="smart-page" data-testid="smart-page">
        <DemoNotice />
        <Section title={t('trading.plansTitle')}>{productsBody}</Section>
        {product && choice ? (
          <div className="smart-invest" ref={calculatorRef}>
            <Section title={t('trading.calc.title')} className="smart-invest__calc">
              <Calculator
                products={list}
                product={product}
                choice={choice}
                terms={terms}
                problem={problem}
                showProblem={showProblem || (picked !== null && choice.amount.trim() !== '')}
                onChange={setPicked}
              />
            </Section>
            <Section title={t('trading.buy.title')} className="smart-invest__buy">
              {buyBody}
            </Section>
          </div>
        ) : null}
        <Section title={t('trading.myPlansTitle')}>
          {isLoggedIn ? <PlanList /> : <LoginPrompt text={t('trading.myPlansLogin')} />}
        </Section>
        <Section title={t('trading.howTitle')}>
          <Steps
            items={[
              { Icon: IconTrading, title: t('trading.how.chooseTitle'), text: t('trading.how.chooseText') },
              { Icon: IconWallet, title: t('trading.how.investTitle'), text: t('trading.how.investText') },
              { Icon: IconCoins, title: t('trading.how.earnTitle'), text: t('trading.how.earnText') },
            ]}
          />
        </Section>
      </div>
    </Page>
  );
}
