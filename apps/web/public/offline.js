// The offline page's texts in the app's languages: the language the app was showing in this tab
// (sessionStorage ob.lang, as src/shared/session/session-store.ts keeps it), else the browser's.
(() => {
  const TEXTS = {
    en: [
      "You're offline",
      "Check your internet connection. This page reloads by itself when you're back online.",
      'Try again',
      'Offline',
    ],
    de: [
      'Sie sind offline',
      'Prüfen Sie Ihre Internetverbindung. Die Seite lädt sich automatisch neu, sobald Sie wieder online sind.',
      'Erneut versuchen',
      'Offline',
    ],
    fr: [
      'Vous êtes hors ligne',
      'Vérifiez votre connexion Internet. La page se recharge d’elle-même dès que vous êtes de nouveau en ligne.',
      'Réessayer',
      'Hors ligne',
    ],
    es: [
      'Estás sin conexión',
      'Comprueba tu conexión a Internet. La página se recargará sola cuando vuelvas a estar en línea.',
      'Reintentar',
      'Sin conexión',
    ],
    it: [
      'Sei offline',
      'Controlla la connessione a Internet. La pagina si ricarica da sola quando torni online.',
      'Riprova',
      'Offline',
    ],
    ja: [
      'オフラインです',
      'インターネット接続を確認してください。オンラインに戻ると、このページは自動的に再読み込みされます。',
      '再試行',
      'オフライン',
    ],
    ko: [
      '오프라인 상태입니다',
      '인터넷 연결을 확인해 주세요. 다시 온라인이 되면 이 페이지가 자동으로 새로 고침됩니다.',
      '다시 시도',
      '오프라인',
    ],
    th: ['คุณออฟไลน์อยู่', 'โปรดตรวจสอบการเชื่อมต่ออินเทอร์เน็ต หน้านี้จะโหลดใหม่เองเมื่อคุณกลับมาออนไลน์', 'ลองอีกครั้ง', 'ออฟไลน์'],
    ar: [
      'أنت غير متصل بالإنترنت',
      'تحقّق من اتصالك بالإنترنت. ستُعاد تحميل هذه الصفحة تلقائيًا عند عودة الاتصال.',
      'أعد المحاولة',
      'غير متصل',
    ],
    hk: ['你已離線', '請檢查你的互聯網連線。恢復連線後，此頁面會自動重新載入。', '再試一次', '離線'],
    zh: ['你已离线', '请检查你的网络连接。恢复联网后，此页面会自动重新加载。', '重试', '离线'],
  };
  const TAGS = { hk: 'zh-HK', zh: 'zh-CN' };
  const pick = () => {
    try {
      const stored = window.sessionStorage.getItem('ob.lang');
      if (stored && TEXTS[stored]) return stored;
    } catch {
      // Storage blocked: the browser's languages decide.
    }
    const wanted = navigator.languages?.length ? navigator.languages : [navigator.language || 'en'];
    for (const w of wanted) {
      const tag = String(w).toLowerCase();
      const lang = /^zh-(hk|tw|mo)|^zh-hant/.test(tag) ? 'hk' : tag.split('-')[0];
      if (TEXTS[lang]) return lang;
    }
    return 'en';
  };
  const lang = pick();
  const t = TEXTS[lang];
  const root = document.documentElement;
  root.setAttribute('lang', TAGS[lang] || lang);
  root.setAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
  document.title = t[3];
  for (const node of document.querySelectorAll('[data-text]')) {
    const key = node.getAttribute('data-text');
    node.textContent = key === 'title' ? t[0] : key === 'text' ? t[1] : t[2];
  }
  const reload = () => window.location.reload();
  document.querySelector('.offline__retry').addEventListener('click', reload);
  window.addEventListener('online', reload);
})();
