import type { Page } from '@playwright/test';

/**
 * Starts recording every toast text as it appears (spec §9: one toast at a time, so a later toast
 * replaces an earlier one before a test could read it).
 * @returns a function that resolves to every text seen so far, one per line
 */
export async function recordToasts(page: Page): Promise<() => Promise<string>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { toasts: string[] }).toasts = seen;
    new MutationObserver(() => {
      for (const node of document.querySelectorAll('.notistack-SnackbarContainer, [role="alert"]')) {
        const text = (node as HTMLElement).innerText;
        if (text && !seen.includes(text)) seen.push(text);
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { toasts: string[] }).toasts.join('\n'));
}
