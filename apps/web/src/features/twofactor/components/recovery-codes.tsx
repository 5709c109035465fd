import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/components/button';
import { IconCopy } from '@/shared/components/icons';
import { toast } from '@/shared/components/toast/toast-store';

/** Recovery codes, shown once: copy, download, then gone. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const { t } = useTranslation();
  const text = `${codes.join('\n')}\n`;
  const copy = async () => {
    await navigator.clipboard?.writeText(text).catch(() => undefined);
    toast.success(t('twofactor.recovery.copied'));
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div data-testid="recovery-codes">
      <p className="section__text">{t('twofactor.recovery.once')}</p>
      <ul className="security-codes">
        {codes.map((c) => (
          <li key={c} data-testid="recovery-code">
            {c}
          </li>
        ))}
      </ul>
      <div className="security-row__actions">
        <Button type="button" variant="secondary" onClick={() => void copy()} data-testid="recovery-copy">
          <IconCopy /> {t('twofactor.recovery.copy')}
        </Button>
        <Button type="button" variant="secondary" onClick={download} data-testid="recovery-download">
          {t('twofactor.recovery.download')}
        </Button>
        <Button type="button" onClick={onDone} data-testid="recovery-done">
          {t('twofactor.recovery.done')}
        </Button>
      </div>
    </div>
  );
}
