import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/shared/components/toast/toast-store';

async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Older browsers and non-secure origins: the selection-based fallback.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy failed');
}

/** Copies text and says so in a toast ("Copied" / "Copy failed"). */
export function useCopy() {
  const { t } = useTranslation();
  return useCallback(
    async (text: string) => {
      try {
        await writeClipboard(text);
        toast.success(t('common.copied'));
      } catch {
        toast.error(t('common.copyFailed'));
      }
    },
    [t],
  );
}
