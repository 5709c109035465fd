import { useEffect } from 'react';
import { useSiteName } from '@/shared/api/get-param';

/** "Page · Site", or just the site name for the home page. */
export function useDocumentTitle(title?: string) {
  const site = useSiteName();
  useEffect(() => {
    document.title = title ? `${title} · ${site}` : site;
  }, [title, site]);
}
