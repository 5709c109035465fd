/**
 * Canned replies: a title and a text in each of the 11 languages, edited in the console (audited
 * by the caller's hook). A fresh platform gets a few (`seedCanned`, run once when there are none).
 */
import type { CannedReply } from '@openbourse/contracts/support.ts';
import type { Db, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuditHook } from './support.agent.ts';
import { supportErrors } from './support.errors.ts';
import { type CannedRow, supportRepository as repo } from './support.repository.ts';

type PerLanguage = Record<string, string>;

const view = (r: CannedRow): CannedReply => ({
  id: r.id,
  title: r.title,
  text: r.text,
  updatedAt: r.updatedAt.getTime(),
});

export const SEED_CANNED: { title: PerLanguage; text: PerLanguage }[] = [
  {
    title: {
      en: 'Greeting',
      ar: 'ترحيب',
      de: 'Begrüßung',
      es: 'Saludo',
      fr: 'Accueil',
      hk: '問候',
      it: 'Saluto',
      ja: 'ご挨拶',
      ko: '인사',
      th: 'ทักทาย',
      zh: '问候',
    },
    text: {
      en: 'Hello, thank you for contacting us. How can I help you today?',
      ar: 'مرحبًا، شكرًا لتواصلك معنا. كيف يمكنني مساعدتك اليوم؟',
      de: 'Hallo, danke für Ihre Nachricht. Wie kann ich Ihnen heute helfen?',
      es: 'Hola, gracias por contactarnos. ¿En qué puedo ayudarle hoy?',
      fr: 'Bonjour, merci de nous avoir contactés. Comment puis-je vous aider aujourd’hui ?',
      hk: '您好，感謝您聯絡我們。請問今天有甚麼可以幫到您？',
      it: 'Salve, grazie per averci contattato. Come posso aiutarla oggi?',
      ja: 'お問い合わせいただきありがとうございます。本日はどのようなご用件でしょうか？',
      ko: '안녕하세요, 문의해 주셔서 감사합니다. 무엇을 도와드릴까요?',
      th: 'สวัสดีค่ะ ขอบคุณที่ติดต่อเรา วันนี้มีอะไรให้เราช่วยไหมคะ',
      zh: '您好，感谢您联系我们。请问今天有什么可以帮您？',
    },
  },
  {
    title: {
      en: 'Deposit being reviewed',
      ar: 'الإيداع قيد المراجعة',
      de: 'Einzahlung wird geprüft',
      es: 'Depósito en revisión',
      fr: 'Dépôt en cours de vérification',
      hk: '存款審核中',
      it: 'Deposito in verifica',
      ja: '入金を確認中です',
      ko: '입금 검토 중',
      th: 'กำลังตรวจสอบการฝากเงิน',
      zh: '存款审核中',
    },
    text: {
      en: 'Your deposit is being reviewed. It is usually credited within an hour; you will get a notification.',
      ar: 'إيداعك قيد المراجعة. عادةً ما يُضاف خلال ساعة، وستتلقى إشعارًا.',
      de: 'Ihre Einzahlung wird geprüft. Sie wird meist innerhalb einer Stunde gutgeschrieben; Sie erhalten eine Benachrichtigung.',
      es: 'Su depósito está en revisión. Normalmente se abona en una hora; recibirá una notificación.',
      fr: 'Votre dépôt est en cours de vérification. Il est généralement crédité sous une heure ; vous recevrez une notification.',
      hk: '您的存款正在審核中，通常會在一小時內入帳，屆時您會收到通知。',
      it: 'Il suo deposito è in verifica. Di solito viene accreditato entro un’ora; riceverà una notifica.',
      ja: 'ご入金は確認中です。通常1時間以内に反映され、通知でお知らせします。',
      ko: '입금을 검토하고 있습니다. 보통 1시간 이내에 입금되며 알림을 보내 드립니다.',
      th: 'การฝากเงินของคุณกำลังได้รับการตรวจสอบ โดยปกติจะเข้าบัญชีภายในหนึ่งชั่วโมง และคุณจะได้รับการแจ้งเตือน',
      zh: '您的存款正在审核中，通常会在一小时内到账，届时您会收到通知。',
    },
  },
  {
    title: {
      en: 'Closing',
      ar: 'ختام',
      de: 'Abschluss',
      es: 'Despedida',
      fr: 'Conclusion',
      hk: '結束',
      it: 'Chiusura',
      ja: '締めのご挨拶',
      ko: '마무리',
      th: 'ปิดการสนทนา',
      zh: '结束语',
    },
    text: {
      en: 'Is there anything else I can help you with? Have a good day.',
      ar: 'هل هناك أي شيء آخر يمكنني مساعدتك به؟ أتمنى لك يومًا سعيدًا.',
      de: 'Kann ich Ihnen sonst noch helfen? Einen schönen Tag noch.',
      es: '¿Puedo ayudarle en algo más? Que tenga un buen día.',
      fr: 'Puis-je vous aider pour autre chose ? Bonne journée.',
      hk: '請問還有其他可以幫到您的嗎？祝您有美好的一天。',
      it: 'Posso aiutarla in qualcos’altro? Buona giornata.',
      ja: '他にお手伝いできることはございますか？良い一日をお過ごしください。',
      ko: '더 도와드릴 일이 있을까요? 좋은 하루 보내세요.',
      th: 'มีอะไรให้เราช่วยเพิ่มเติมไหมคะ ขอให้มีวันที่ดีค่ะ',
      zh: '请问还有其他可以帮您的吗？祝您生活愉快。',
    },
  },
];

export function createCanned({ db, clock }: { db: Db; clock: Clock }) {
  const existing = async (id: number, tx: Executor) => {
    const row = await repo.cannedById(tx, id, true);
    if (!row) throw supportErrors.notFound();
    return row;
  };
  return {
    async list() {
      return { list: (await repo.canned(db)).map(view) };
    },

    async create(input: { title: PerLanguage; text: PerLanguage }, audit: AuditHook) {
      return db.transaction(async (tx) => {
        const now = clock.now();
        const row = await repo.insertCanned(tx, { ...input, createdAt: now, updatedAt: now });
        await audit(tx, null, view(row));
        return view(row);
      });
    },

    async update(id: number, input: { title: PerLanguage; text: PerLanguage }, audit: AuditHook) {
      return db.transaction(async (tx) => {
        const before = await existing(id, tx);
        const row = await repo.updateCanned(tx, id, { ...input, updatedAt: clock.now() });
        await audit(tx, view(before), view(row));
        return view(row);
      });
    },

    async remove(id: number, audit: AuditHook) {
      await db.transaction(async (tx) => {
        const before = await existing(id, tx);
        await repo.deleteCanned(tx, id);
        await audit(tx, view(before), null);
      });
    },

    /** A few replies for a fresh platform (none yet). */
    async seed(exec: Executor = db) {
      if ((await repo.cannedCount(exec)) > 0) return 0;
      const now = clock.now();
      for (const c of SEED_CANNED) await repo.insertCanned(exec, { ...c, createdAt: now, updatedAt: now });
      return SEED_CANNED.length;
    },
  };
}

export type Canned = ReturnType<typeof createCanned>;
