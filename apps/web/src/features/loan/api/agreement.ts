import { API_BASE_PATH } from '@/shared/config/constants';
import { sessionHeaders } from '@/shared/lib/raw-request';

/** The signed agreement of one of the user's loans, a PDF served to its owner only (with the token). */
export async function getAgreement(id: number, signal?: AbortSignal): Promise<Blob> {
  const headers = { ...sessionHeaders(), Accept: 'application/pdf' };
  const response = await globalThis.fetch(`${API_BASE_PATH}/user/loanAgreement/${id}`, {
    headers,
    credentials: 'same-origin',
    signal,
  });
  if (!response.ok || !(response.headers.get('content-type') ?? '').startsWith('application/pdf')) {
    throw new Error(`agreement ${id}: ${response.status}`);
  }
  return response.blob();
}

/**
 * Opens the agreement in a new tab. The tab is opened at the click (a browser lets a click open a
 * window, not a promise's callback) and shown the PDF once it has arrived; without a tab (blocked)
 * the PDF is downloaded instead.
 */
export async function openAgreement(id: number): Promise<void> {
  const tab = typeof window.open === 'function' ? window.open('', '_blank') : null;
  if (tab) tab.opener = null;
  try {
    const blob = await getAgreement(id);
    const url = URL.createObjectURL(blob);
    if (tab) tab.location.href = url;
    else {
      const a = document.createElement('a');
      a.href = url;
      a.download = `loan-agreement-${id}.pdf`;
      a.click();
    }
    // The tab has read it by then; the URL is let go.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
