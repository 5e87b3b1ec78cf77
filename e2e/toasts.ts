import type { Page } from '@playwright/test';

/** Where `recordToasts` keeps the texts it has seen (the tab's sessionStorage). */
const TOASTS_KEY = 'e2e_recorded_toasts';

/**
 * Starts recording every toast text as it appears (spec §9: one toast at a time, so a later toast
 * replaces an earlier one before a test could read it). The texts are kept in the tab's
 * sessionStorage, so a toast shown just before the SPA navigates away (the 'Unauthorized' toast
 * and its redirect) can still be read afterwards; recording stops at that navigation.
 * @returns a function that resolves to every text seen so far, one per line
 */
export async function recordToasts(page: Page): Promise<() => Promise<string>> {
  await page.evaluate((key) => {
    const seen: string[] = [];
    sessionStorage.setItem(key, '[]');
    new MutationObserver(() => {
      for (const node of document.querySelectorAll('.notistack-SnackbarContainer, [role="alert"]')) {
        const text = (node as HTMLElement).innerText;
        if (text && !seen.includes(text)) {
          seen.push(text);
          sessionStorage.setItem(key, JSON.stringify(seen));
        }
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  }, TOASTS_KEY);
  return () => page.evaluate((key) => (JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[]).join('\n'), TOASTS_KEY);
}

/** Where a toast sits on screen and how far its text reaches, in CSS pixels of the viewport. */
export interface ToastLayout {
  /** The toast's box (the notistack snackbar content). */
  left: number;
  right: number;
  /** The leftmost and rightmost ink of its text (title and message), clipped or not. */
  textLeft: number;
  textRight: number;
  viewportWidth: number;
}

/**
 * Measures the toast whose text contains `text` once it has stopped moving (notistack slides a
 * toast in; a box measured mid-slide is off screen by design). The text extent comes from the
 * layout boxes of its text, which a scrolling or clipping ancestor does not shorten: text that
 * runs past the toast's edge shows as `textRight > right`.
 * @throws when no such toast appears within the expect timeout, or it is still moving after 5 s
 */
export async function settledToastLayout(page: Page, text: string): Promise<ToastLayout> {
  const toast = page.locator('.notistack-SnackbarContainer [data-toast-id]').filter({ hasText: text });
  await toast.waitFor({ state: 'visible' });
  const measure = () =>
    toast.evaluate((element): ToastLayout => {
      const box = element.getBoundingClientRect();
      const lines: DOMRect[] = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        lines.push(...[...range.getClientRects()].filter((rect) => rect.width > 0));
      }
      return {
        left: box.left,
        right: box.right,
        textLeft: Math.min(...lines.map((rect) => rect.left)),
        textRight: Math.max(...lines.map((rect) => rect.right)),
        viewportWidth: document.documentElement.clientWidth,
      };
    });
  let previous = await measure();
  for (let i = 0; i < 50; i++) {
    await page.waitForTimeout(100);
    const current = await measure();
    if (JSON.stringify(current) === JSON.stringify(previous)) return current;
    previous = current;
  }
  throw new Error(`the toast with "${text}" was still moving after 5 s`);
}
