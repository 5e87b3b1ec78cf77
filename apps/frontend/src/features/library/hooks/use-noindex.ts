import { useEffect } from 'react';

/**
 * Adds `<meta name="robots" content="noindex">` to the document while the calling page is shown,
 * and removes it when the page goes: a shared item's page must not be indexed (the gateway also
 * sends `X-Robots-Tag: noindex` with it and with its data).
 */
export function useNoIndex(): void {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    document.head.appendChild(meta);
    return () => meta.remove();
  }, []);
}
