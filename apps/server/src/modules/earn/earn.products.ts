/**
 * Smart plan products: what operators offer (names and descriptions per language, the amount range,
 * the terms with their daily yields, plans at once, one at a time or not, the early-exit penalty),
 * seeded on a fresh platform, listed to users in their language and edited in the back office. A
 * plan copies its product's terms when bought, so an edit never changes a plan already earning.
 */
import type { AdminSmartProduct, AdminSmartProductInput, SmartProduct } from '@openbourse/contracts/earn.ts';
import { formatDecimal, fromLedger, isMoneyError, parseDecimal } from '@openbourse/money';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { trimAmount } from '../../lib/amounts.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { earnErrors } from './earn.errors.ts';
import { type NewProductRow, type ProductRow, earnRepository as repo } from './earn.repository.ts';

type ProductInput = z.output<typeof AdminSmartProductInput>;

const GOLD_DESCRIPTION: Record<string, string> = {
  en: 'A fixed daily yield on your principal for the term you choose, paid once a day from the platform’s earn treasury. The plan does not trade and does not depend on the markets: it pays the stated share, no more. Your principal is held for the term and returned with the last day’s yield; leaving early keeps the penalty share shown before you confirm, and the yields already paid stay yours.',
  ar: 'عائد يومي ثابت على أصل مبلغك طوال المدة التي تختارها، يُدفع مرة واحدة يوميًا من خزينة الأرباح في المنصة. لا تتداول الخطة ولا تعتمد على الأسواق: تدفع النسبة المعلنة فقط، لا أكثر. يُحجز أصل المبلغ طوال المدة ويُعاد مع عائد اليوم الأخير؛ الخروج المبكر يقتطع نسبة الغرامة المعروضة قبل التأكيد، وتبقى العوائد المدفوعة لك.',
  de: 'Ein fester Tagesertrag auf Ihren Anlagebetrag für die gewählte Laufzeit, einmal täglich aus der Ertragsreserve der Plattform gezahlt. Der Plan handelt nicht und hängt nicht von den Märkten ab: Er zahlt den angegebenen Anteil, nicht mehr. Ihr Anlagebetrag wird für die Laufzeit gesperrt und mit dem Ertrag des letzten Tages zurückgezahlt; ein vorzeitiger Ausstieg behält den vor der Bestätigung angezeigten Strafanteil ein, bereits gezahlte Erträge bleiben Ihre.',
  es: 'Un rendimiento diario fijo sobre tu capital durante el plazo que elijas, pagado una vez al día desde la tesorería de rendimientos de la plataforma. El plan no opera en los mercados ni depende de ellos: paga el porcentaje indicado, nada más. Tu capital queda retenido durante el plazo y se devuelve con el rendimiento del último día; salir antes retiene la penalización indicada antes de confirmar, y los rendimientos ya pagados son tuyos.',
  fr: 'Un rendement journalier fixe sur votre capital pendant la durée choisie, versé une fois par jour par la trésorerie de rendement de la plateforme. Le plan ne fait pas de trading et ne dépend pas des marchés : il verse la part annoncée, rien de plus. Votre capital est bloqué pendant la durée et restitué avec le rendement du dernier jour ; une sortie anticipée retient la pénalité indiquée avant confirmation, et les rendements déjà versés vous restent acquis.',
  it: 'Un rendimento giornaliero fisso sul tuo capitale per la durata che scegli, pagato una volta al giorno dalla tesoreria dei rendimenti della piattaforma. Il piano non fa trading e non dipende dai mercati: paga la quota indicata, non di più. Il capitale resta bloccato per la durata e ti viene restituito con il rendimento dell’ultimo giorno; un’uscita anticipata trattiene la penale indicata prima della conferma, e i rendimenti già pagati restano tuoi.',
  ja: '選んだ期間中、元本に対して固定の日次利回りを、プラットフォームの運用準備金から1日1回お支払いします。このプランは取引を行わず、相場にも左右されません。表示された割合だけをお支払いします。元本は期間中ロックされ、最終日の利回りとともに返還されます。途中解約では確認前に表示される違約金の割合が差し引かれ、支払い済みの利回りはお客様のものです。',
  ko: '선택한 기간 동안 원금에 대해 고정된 일일 수익을 플랫폼의 수익 준비금에서 하루 한 번 지급합니다. 이 플랜은 거래하지 않으며 시장에 따라 달라지지 않습니다. 명시된 비율만 지급합니다. 원금은 기간 동안 묶여 있다가 마지막 날 수익과 함께 반환됩니다. 중도 해지 시 확인 전에 표시되는 위약금 비율이 차감되며, 이미 지급된 수익은 회원님의 것입니다.',
  th: 'ผลตอบแทนรายวันคงที่จากเงินต้นของคุณตลอดระยะเวลาที่เลือก จ่ายวันละครั้งจากคลังผลตอบแทนของแพลตฟอร์ม แผนนี้ไม่ได้ซื้อขายและไม่ขึ้นกับตลาด: จ่ายตามสัดส่วนที่ระบุเท่านั้น ไม่มากกว่านั้น เงินต้นจะถูกพักไว้ตลอดระยะเวลาและคืนพร้อมผลตอบแทนของวันสุดท้าย การออกก่อนกำหนดจะหักค่าปรับตามสัดส่วนที่แสดงก่อนยืนยัน และผลตอบแทนที่จ่ายแล้วยังเป็นของคุณ',
  zh: '在您选择的期限内，按本金每日获得固定收益，由平台收益储备金每天支付一次。本计划不进行交易，也不受行情影响：只支付标明的比例，不会更多。本金在期限内冻结，到期时连同最后一天的收益一并返还；提前退出将扣除确认前显示的违约金比例，已支付的收益归您所有。',
  hk: '在您選擇的期限內，按本金每日獲得固定收益，由平台收益儲備金每天支付一次。本計劃不進行交易，也不受行情影響：只支付標明的比例，不會更多。本金在期限內凍結，到期時連同最後一天的收益一併返還；提前退出將扣除確認前顯示的違約金比例，已支付的收益歸您所有。',
};

const STARTER_DESCRIPTION: Record<string, string> = {
  en: 'A short plan to try smart plans with a small amount, one at a time: a fixed daily yield on your principal, paid once a day from the platform’s earn treasury. It does not trade and does not depend on the markets. Your principal is returned with the last day’s yield; leaving early keeps the penalty share shown before you confirm.',
  ar: 'خطة قصيرة لتجربة الخطط الذكية بمبلغ صغير، خطة واحدة في كل مرة: عائد يومي ثابت على أصل مبلغك يُدفع مرة يوميًا من خزينة الأرباح في المنصة. لا تتداول ولا تعتمد على الأسواق. يُعاد أصل المبلغ مع عائد اليوم الأخير؛ الخروج المبكر يقتطع نسبة الغرامة المعروضة قبل التأكيد.',
  de: 'Ein kurzer Plan, um Smart-Pläne mit einem kleinen Betrag auszuprobieren, jeweils einer: ein fester Tagesertrag auf Ihren Anlagebetrag, einmal täglich aus der Ertragsreserve der Plattform gezahlt. Er handelt nicht und hängt nicht von den Märkten ab. Ihr Anlagebetrag wird mit dem Ertrag des letzten Tages zurückgezahlt; ein vorzeitiger Ausstieg behält den vor der Bestätigung angezeigten Strafanteil ein.',
  es: 'Un plan corto para probar los planes inteligentes con un importe pequeño, uno a la vez: un rendimiento diario fijo sobre tu capital, pagado una vez al día desde la tesorería de rendimientos de la plataforma. No opera en los mercados ni depende de ellos. Tu capital se devuelve con el rendimiento del último día; salir antes retiene la penalización indicada antes de confirmar.',
  fr: 'Un plan court pour essayer les plans intelligents avec un petit montant, un à la fois : un rendement journalier fixe sur votre capital, versé une fois par jour par la trésorerie de rendement de la plateforme. Il ne fait pas de trading et ne dépend pas des marchés. Votre capital est restitué avec le rendement du dernier jour ; une sortie anticipée retient la pénalité indiquée avant confirmation.',
  it: 'Un piano breve per provare i piani smart con un importo piccolo, uno alla volta: un rendimento giornaliero fisso sul tuo capitale, pagato una volta al giorno dalla tesoreria dei rendimenti della piattaforma. Non fa trading e non dipende dai mercati. Il capitale ti viene restituito con il rendimento dell’ultimo giorno; un’uscita anticipata trattiene la penale indicata prima della conferma.',
  ja: '少額でスマートプランを試せる短期プランで、同時に1つまで利用できます。元本に対する固定の日次利回りを、プラットフォームの運用準備金から1日1回お支払いします。取引は行わず、相場にも左右されません。元本は最終日の利回りとともに返還されます。途中解約では確認前に表示される違約金の割合が差し引かれます。',
  ko: '소액으로 스마트 플랜을 체험해 볼 수 있는 단기 플랜으로, 한 번에 하나만 가입할 수 있습니다. 원금에 대한 고정 일일 수익을 플랫폼의 수익 준비금에서 하루 한 번 지급합니다. 거래하지 않으며 시장에 따라 달라지지 않습니다. 원금은 마지막 날 수익과 함께 반환되며, 중도 해지 시 확인 전에 표시되는 위약금 비율이 차감됩니다.',
  th: 'แผนระยะสั้นสำหรับทดลองแผนอัจฉริยะด้วยเงินจำนวนน้อย ครั้งละหนึ่งแผน: ผลตอบแทนรายวันคงที่จากเงินต้น จ่ายวันละครั้งจากคลังผลตอบแทนของแพลตฟอร์ม ไม่ได้ซื้อขายและไม่ขึ้นกับตลาด เงินต้นจะคืนพร้อมผลตอบแทนของวันสุดท้าย การออกก่อนกำหนดจะหักค่าปรับตามสัดส่วนที่แสดงก่อนยืนยัน',
  zh: '用小额资金体验智能计划的短期计划，每次限持有一个：按本金每日获得固定收益，由平台收益储备金每天支付一次。不进行交易，也不受行情影响。到期时本金连同最后一天的收益一并返还；提前退出将扣除确认前显示的违约金比例。',
  hk: '用小額資金體驗智能計劃的短期計劃，每次限持有一個：按本金每日獲得固定收益，由平台收益儲備金每天支付一次。不進行交易，也不受行情影響。到期時本金連同最後一天的收益一併返還；提前退出將扣除確認前顯示的違約金比例。',
};

/** The products a fresh platform offers (inserted only while there are none). */
export function defaultProducts(): Omit<NewProductRow, 'updatedAt'>[] {
  return [
    {
      names: {
        en: 'Gold plan',
        ar: 'الخطة الذهبية',
        de: 'Gold-Plan',
        es: 'Plan Oro',
        fr: 'Plan Or',
        it: 'Piano Oro',
        ja: 'ゴールドプラン',
        ko: '골드 플랜',
        th: 'แผนโกลด์',
        zh: '黄金计划',
        hk: '黃金計劃',
      },
      descriptions: GOLD_DESCRIPTION,
      currency: 'USDT',
      minAmount: '100',
      maxAmount: '50000',
      terms: [
        { days: 7, dailyYield: '0.006' },
        { days: 30, dailyYield: '0.008' },
      ],
      maxPlans: 3,
      onePerUser: false,
      exitPenalty: '0.05',
      enabled: true,
      sort: 1,
    },
    {
      names: {
        en: 'Starter plan',
        ar: 'خطة البداية',
        de: 'Einsteiger-Plan',
        es: 'Plan Inicial',
        fr: 'Plan Découverte',
        it: 'Piano Base',
        ja: 'スタータープラン',
        ko: '스타터 플랜',
        th: 'แผนเริ่มต้น',
        zh: '入门计划',
        hk: '入門計劃',
      },
      descriptions: STARTER_DESCRIPTION,
      currency: 'USDT',
      minAmount: '50',
      maxAmount: '2000',
      terms: [
        { days: 3, dailyYield: '0.004' },
        { days: 14, dailyYield: '0.005' },
      ],
      maxPlans: 1,
      onePerUser: true,
      exitPenalty: '0.03',
      enabled: true,
      sort: 2,
    },
  ];
}

/** Units of a stored amount at the currency's scale (operators' amounts are checked to fit it). */
export const unitsAt = (stored: string, scale: number) => parseDecimal(trimAmount(stored), scale);

/** A share as stored (numeric(12,8)) written plainly: "0.00800000" → "0.008". */
export const shareText = (stored: string) => trimAmount(stored);

export function createSmartProducts({ db, clock, ledger }: { db: Db; clock: Clock; ledger: LedgerService }) {
  async function scaleOf(exec: Executor, currency: string): Promise<number | null> {
    return (await ledger.getCurrency(exec, currency))?.scale ?? null;
  }

  /** The product as users see it; `enabled` false when the product or smart trading is off. */
  function userView(p: ProductRow, scale: number, lang: string, on: boolean): SmartProduct {
    return {
      id: p.id,
      name: p.names[lang] ?? p.names.en ?? '',
      description: p.descriptions[lang] ?? p.descriptions.en ?? '',
      currency: p.currency,
      scale,
      minAmount: trimAmount(p.minAmount),
      maxAmount: trimAmount(p.maxAmount),
      terms: p.terms.map((t) => ({ days: t.days, dailyYield: t.dailyYield })),
      maxPlans: p.maxPlans,
      onePerUser: p.onePerUser,
      exitPenalty: shareText(p.exitPenalty),
      enabled: on && p.enabled,
    };
  }

  function adminView(p: ProductRow, scale: number, load?: { earning: number; reserved: string }): AdminSmartProduct {
    return {
      ...userView(p, scale, 'en', true),
      names: p.names,
      descriptions: p.descriptions,
      sort: p.sort,
      earning: load?.earning ?? 0,
      reserved: formatDecimal(fromLedger(load?.reserved ?? '0', scale), scale),
    };
  }

  /** An operator's product, checked against its currency: amounts at its scale, min ≤ max, one entry per term. */
  async function checked(exec: Executor, input: ProductInput): Promise<Omit<NewProductRow, 'updatedAt'>> {
    const scale = await scaleOf(exec, input.currency);
    if (scale === null) throw earnErrors.invalid('currency');
    const at = (field: 'minAmount' | 'maxAmount') => {
      const v = input[field];
      if (v.split('.')[0]!.length > 20) throw earnErrors.invalid(field);
      try {
        const u = parseDecimal(v, scale);
        if (u <= 0n) throw earnErrors.invalid(field);
        return u;
      } catch (e) {
        if (isMoneyError(e)) throw earnErrors.invalid(field);
        throw e;
      }
    };
    const min = at('minAmount');
    const max = at('maxAmount');
    if (max < min) throw earnErrors.invalid('maxAmount');
    const terms = [...input.terms].sort((a, b) => a.days - b.days);
    if (new Set(terms.map((t) => t.days)).size !== terms.length) throw earnErrors.invalid('terms');
    const trim = (m: Record<string, string>) => Object.fromEntries(Object.entries(m).map(([k, v]) => [k, v.trim()]));
    return {
      names: trim(input.names),
      descriptions: trim(input.descriptions),
      currency: input.currency,
      minAmount: input.minAmount,
      maxAmount: input.maxAmount,
      terms: terms.map((t) => ({ days: t.days, dailyYield: shareText(t.dailyYield) })),
      maxPlans: input.maxPlans,
      onePerUser: input.onePerUser,
      exitPenalty: input.exitPenalty,
      enabled: input.enabled,
      sort: input.sort,
    };
  }

  async function scales(): Promise<Map<string, number>> {
    return new Map((await ledger.listCurrencies(db)).map((c) => [c.code, c.scale]));
  }

  async function loads(exec: Executor) {
    return new Map((await repo.productLoads(exec)).map((l) => [l.productId, l]));
  }

  return {
    /** Inserts the default products when there are none (a fresh platform). */
    async seed(exec: Executor): Promise<void> {
      if ((await repo.productCount(exec)) > 0) return;
      const now = clock.now();
      for (const p of defaultProducts()) await repo.insertProduct(exec, { ...p, updatedAt: now });
    },

    /** Every product as users see it, named in `lang` (English where the operator wrote none). */
    async list(lang: string, on: boolean): Promise<SmartProduct[]> {
      const s = await scales();
      return (await repo.products(db)).flatMap((p) => {
        const scale = s.get(p.currency);
        return scale === undefined ? [] : [userView(p, scale, lang, on)];
      });
    },

    /** One product (enabled or not). */
    async get(exec: Executor, id: number): Promise<ProductRow | undefined> {
      return repo.product(exec, id);
    },

    /** Product names per id (a plan's product name in a list). */
    async names(exec: Executor): Promise<Map<number, Record<string, string>>> {
      return new Map((await repo.products(exec)).map((p) => [p.id, p.names]));
    },

    /** The currencies any product is sold in. */
    async currencies(): Promise<string[]> {
      return [...new Set((await repo.products(db)).map((p) => p.currency))].sort();
    },

    async adminList(): Promise<AdminSmartProduct[]> {
      const s = await scales();
      const l = await loads(db);
      return (await repo.products(db)).map((p) => adminView(p, s.get(p.currency) ?? 0, l.get(p.id)));
    },

    /** Creates a product in the caller's transaction (which audits it). */
    async create(tx: Executor, input: ProductInput): Promise<AdminSmartProduct> {
      const row = await repo.insertProduct(tx, { ...(await checked(tx, input)), updatedAt: clock.now() });
      return adminView(row, (await scaleOf(tx, row.currency)) ?? 0);
    },

    /** Replaces a product's fields in the caller's transaction; plans already bought keep their terms. */
    async update(
      tx: Executor,
      id: number,
      input: ProductInput,
    ): Promise<{ before: AdminSmartProduct; after: AdminSmartProduct }> {
      const old = await repo.product(tx, id, true);
      if (!old) throw earnErrors.noRecord();
      const row = await repo.updateProduct(tx, id, { ...(await checked(tx, input)), updatedAt: clock.now() });
      if (!row) throw earnErrors.noRecord();
      const l = await loads(tx);
      return {
        before: adminView(old, (await scaleOf(tx, old.currency)) ?? 0, l.get(id)),
        after: adminView(row, (await scaleOf(tx, row.currency)) ?? 0, l.get(id)),
      };
    },
  };
}

export type SmartProducts = ReturnType<typeof createSmartProducts>;
