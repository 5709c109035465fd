/**
 * A fresh platform's charity auctions: one (fictional) children's charity, one collection of
 * drawings and five items with generative images rendered here (an SVG drawn by a small seeded
 * generator, turned into a PNG by sharp and uploaded through the files service as the platform's),
 * auctions live now and ending over the next days, one with a buy-now price. Runs on every start and
 * does nothing once any item exists; the rows are written in one transaction.
 */
import sharp from 'sharp';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { FilesService } from '../files/files.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { NftListings } from './nfts.listings.ts';

const HOUR = 3_600_000;

const CHARITY = {
  name: 'Little Lanterns Children’s Fund',
  website: null,
  descriptions: {
    en: 'A fictional charity used on this demonstration platform: it stands for a children’s charity that funds art classes, books and school supplies. Proceeds of these sales stay in the platform’s charity account.',
    ar: 'جمعية خيرية خيالية تُستخدم في منصة العرض هذه: تمثل جمعية للأطفال تموّل دروس الفن والكتب واللوازم المدرسية. تبقى عائدات هذه المبيعات في حساب الجمعيات الخيرية على المنصة.',
    de: 'Eine fiktive Wohltätigkeitsorganisation dieser Demo-Plattform: Sie steht für ein Kinderhilfswerk, das Kunstkurse, Bücher und Schulmaterial finanziert. Die Erlöse bleiben auf dem Wohltätigkeitskonto der Plattform.',
    es: 'Una organización benéfica ficticia de esta plataforma de demostración: representa una organización infantil que financia clases de arte, libros y material escolar. Lo recaudado queda en la cuenta benéfica de la plataforma.',
    fr: 'Une association fictive utilisée sur cette plateforme de démonstration : elle représente une association pour l’enfance qui finance des cours d’art, des livres et des fournitures scolaires. Le produit des ventes reste sur le compte caritatif de la plateforme.',
    hk: '本示範平台使用的虛構慈善機構：代表一家資助兒童美術課、圖書及學習用品的兒童慈善機構。銷售所得保留在平台的慈善帳戶中。',
    it: 'Un ente benefico fittizio usato su questa piattaforma dimostrativa: rappresenta un ente per l’infanzia che finanzia corsi d’arte, libri e materiale scolastico. Il ricavato resta sul conto benefico della piattaforma.',
    ja: 'このデモ用プラットフォームで使う架空の慈善団体です。子どもの絵画教室、本、学用品を支援する団体を表しています。売上はプラットフォームのチャリティー口座に保管されます。',
    ko: '이 데모 플랫폼에서 사용하는 가상의 자선 단체로, 어린이 미술 수업과 책, 학용품을 지원하는 단체를 나타냅니다. 판매 수익은 플랫폼의 자선 계좌에 보관됩니다.',
    th: 'องค์กรการกุศลสมมติที่ใช้บนแพลตฟอร์มสาธิตนี้ แทนองค์กรเพื่อเด็กที่สนับสนุนชั้นเรียนศิลปะ หนังสือ และอุปกรณ์การเรียน รายได้จากการขายจะอยู่ในบัญชีการกุศลของแพลตฟอร์ม',
    zh: '本演示平台使用的虚构慈善机构：代表一家资助儿童美术课、图书和学习用品的儿童慈善机构。销售所得保留在平台的慈善账户中。',
  },
};

const COLLECTION = {
  titles: {
    en: 'Drawings for Tomorrow',
    ar: 'رسومات من أجل الغد',
    de: 'Zeichnungen für morgen',
    es: 'Dibujos para el mañana',
    fr: 'Dessins pour demain',
    hk: '為明天而畫',
    it: 'Disegni per domani',
    ja: '明日のための絵',
    ko: '내일을 위한 그림',
    th: 'ภาพวาดเพื่อวันพรุ่งนี้',
    zh: '为明天而画',
  },
  stories: {
    en: 'Suns, hills and skies drawn by a generator in the spirit of children’s drawings. Each one is sold by auction; the winning bid goes to the charity named on the item.',
    ar: 'شموس وتلال وسماوات يرسمها مولّد بروح رسومات الأطفال. يُباع كل عمل بالمزاد، ويذهب العرض الفائز إلى الجمعية المذكورة عليه.',
    de: 'Sonnen, Hügel und Himmel, von einem Generator im Stil von Kinderzeichnungen gemalt. Jedes Bild wird versteigert; das Höchstgebot geht an die genannte Organisation.',
    es: 'Soles, colinas y cielos dibujados por un generador al estilo de los dibujos infantiles. Cada uno se subasta; la puja ganadora va a la organización indicada.',
    fr: 'Des soleils, des collines et des ciels dessinés par un générateur dans l’esprit des dessins d’enfants. Chacun est vendu aux enchères ; l’enchère gagnante va à l’association indiquée.',
    hk: '由生成器以兒童畫風格繪畫的太陽、山丘和天空。每件作品以拍賣出售，得標金額撥歸作品所列的慈善機構。',
    it: 'Soli, colline e cieli disegnati da un generatore nello spirito dei disegni dei bambini. Ognuno è venduto all’asta; l’offerta vincente va all’ente indicato.',
    ja: '子どもの絵のように生成された太陽、丘、空。各作品はオークションで販売され、落札額は作品に記載された慈善団体に届けられます。',
    ko: '어린이 그림처럼 생성기로 그린 해, 언덕, 하늘. 각 작품은 경매로 판매되며 낙찰 금액은 작품에 적힌 자선 단체에 전달됩니다.',
    th: 'ดวงอาทิตย์ เนินเขา และท้องฟ้าที่วาดโดยเครื่องสร้างภาพในสไตล์ภาพวาดของเด็ก แต่ละภาพขายโดยการประมูล และราคาที่ชนะจะมอบให้องค์กรการกุศลที่ระบุไว้',
    zh: '由生成器以儿童画风格绘制的太阳、山丘和天空。每件作品以拍卖出售，中标金额归作品所列的慈善机构。',
  },
  creator: 'OpenBourse Studio',
  chain: 'Ethereum',
};

const TITLES: Record<string, string>[] = [
  {
    en: 'Morning Sun',
    ar: 'شمس الصباح',
    de: 'Morgensonne',
    es: 'Sol de la mañana',
    fr: 'Soleil du matin',
    hk: '晨光',
    it: 'Sole del mattino',
    ja: '朝の太陽',
    ko: '아침 해',
    th: 'ตะวันยามเช้า',
    zh: '晨光',
  },
  {
    en: 'Green Hills',
    ar: 'تلال خضراء',
    de: 'Grüne Hügel',
    es: 'Colinas verdes',
    fr: 'Collines vertes',
    hk: '綠色山丘',
    it: 'Colline verdi',
    ja: '緑の丘',
    ko: '초록 언덕',
    th: 'เนินเขาสีเขียว',
    zh: '绿色山丘',
  },
  {
    en: 'Night Garden',
    ar: 'حديقة الليل',
    de: 'Nachtgarten',
    es: 'Jardín nocturno',
    fr: 'Jardin de nuit',
    hk: '夜之花園',
    it: 'Giardino di notte',
    ja: '夜の庭',
    ko: '밤의 정원',
    th: 'สวนยามค่ำ',
    zh: '夜之花园',
  },
  {
    en: 'Kite Day',
    ar: 'يوم الطائرات الورقية',
    de: 'Drachentag',
    es: 'Día de cometas',
    fr: 'Jour de cerf-volant',
    hk: '放風箏的日子',
    it: 'Giorno degli aquiloni',
    ja: '凧の日',
    ko: '연날리기 날',
    th: 'วันว่าว',
    zh: '放风筝的日子',
  },
  {
    en: 'Sea of Dots',
    ar: 'بحر من النقاط',
    de: 'Punktemeer',
    es: 'Mar de puntos',
    fr: 'Mer de points',
    hk: '圓點之海',
    it: 'Mare di punti',
    ja: '点の海',
    ko: '점들의 바다',
    th: 'ทะเลจุด',
    zh: '圆点之海',
  },
];

/** A small seeded generator (mulberry32): the same drawings on every platform. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PALETTES = [
  ['#ffd166', '#ef476f', '#06d6a0', '#118ab2', '#fff4e0'],
  ['#8ecae6', '#219ebc', '#ffb703', '#fb8500', '#e9f5db'],
  ['#2b2d42', '#8d99ae', '#edf2f4', '#ef233c', '#1b1f3b'],
  ['#f4acb7', '#9d8189', '#ffe5d9', '#d8e2dc', '#bde0fe'],
  ['#3a86ff', '#8338ec', '#ff006e', '#fb5607', '#ffbe0b'],
];

/** One drawing: a sky, a sun or moon, rolling hills and scattered dots, in the item's palette. */
export function drawing(index: number, size = 640): string {
  const r = rng(1_000 + index * 7_919);
  const [a, b, c, d, sky] = PALETTES[index % PALETTES.length]!;
  const parts: string[] = [
    `<rect width="${size}" height="${size}" fill="${sky}"/>`,
    `<circle cx="${(0.2 + r() * 0.6) * size}" cy="${(0.15 + r() * 0.2) * size}" r="${(0.08 + r() * 0.06) * size}" fill="${a}"/>`,
  ];
  for (let i = 0; i < 24; i++) {
    parts.push(
      `<circle cx="${r() * size}" cy="${r() * size * 0.5}" r="${2 + r() * 6}" fill="${[b, c, d][i % 3]}" opacity="0.7"/>`,
    );
  }
  for (let h = 0; h < 3; h++) {
    const y = size * (0.55 + h * 0.12);
    const amp = size * (0.05 + r() * 0.06);
    const fill = [b, c, d][h % 3];
    parts.push(
      `<path d="M0 ${y} Q ${size * 0.25} ${y - amp} ${size * 0.5} ${y} T ${size} ${y} V ${size} H 0 Z" fill="${fill}"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">${parts.join('')}</svg>`;
}

export async function seedNfts(deps: {
  db: Db;
  clock: Clock;
  files: Pick<FilesService, 'upload'>;
  listings: NftListings;
  ledger: LedgerService;
  hasItems: () => Promise<boolean>;
}): Promise<void> {
  if (await deps.hasItems()) return;
  const images: string[] = [];
  for (let i = 0; i < TITLES.length; i++) {
    const bytes = await sharp(Buffer.from(drawing(i)))
      .png()
      .toBuffer();
    const file = await deps.files.upload({ ownerId: 0, purpose: 'nft', bytes, declaredName: `drawing-${i + 1}.png` });
    images.push(file.id);
  }
  const now = deps.clock.now().getTime();
  await deps.db.transaction(async (tx) => {
    // The charity account exists before any user's hold is posted to it.
    await deps.ledger.getOrCreatePlatformAccount(tx, 'real', 'USDT', 'charity');
    const charity = await deps.listings.createCharity(tx, { ...CHARITY, enabled: true });
    const collection = await deps.listings.createCollection(tx, {
      titles: COLLECTION.titles,
      stories: COLLECTION.stories,
      creator: COLLECTION.creator,
      chain: COLLECTION.chain,
      enabled: true,
    });
    for (const [i, titles] of TITLES.entries()) {
      await deps.listings.createItem(tx, {
        collectionId: collection.id,
        titles,
        stories: COLLECTION.stories,
        imageFileId: images[i]!,
        edition: 1,
        editionSize: 1,
        currency: 'USDT',
        startPrice: String(20 + i * 10),
        reserve: String(50 + i * 25),
        buyNow: i === 1 ? '400' : null,
        bidStepBps: 500,
        extendSeconds: 900,
        startAt: now,
        endAt: now + (24 + i * 18) * HOUR,
        charityId: charity.id,
        sellerUserId: null,
      });
    }
  });
}
