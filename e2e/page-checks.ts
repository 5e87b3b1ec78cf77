import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/*
 * Checks of a page as a user meets it, shared by the walkthrough and the tests of single screens:
 * nothing fixed covers the content, and axe finds no serious or critical violation.
 */

/** The floating layer's boxes that cover a visible button, heading, field or text block, as readable lines. */
export function coveredContent(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const visible = (element: Element) => {
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      return style.visibility !== 'hidden' && style.display !== 'none' && Number(style.opacity) > 0 && box.width > 0 && box.height > 0;
    };
    const describe = (element: Element) => {
      const text = (element as HTMLElement).innerText?.trim().replace(/\s+/g, ' ').slice(0, 40);
      const name = element.getAttribute('aria-label') ?? text;
      return `${element.tagName.toLowerCase()}${name ? ` "${name}"` : ''}`;
    };
    // The bar at the top pushes the page below it (what scrolls under it was scrolled away by the
    // user); dialogs, their backdrops and toasts come and go with what the user does. What is left
    // fixed is the floating layer, which must never sit on the page's content.
    const transient = '[role="banner"], header, [role="dialog"], [role="presentation"], .MuiBackdrop-root, .notistack-SnackbarContainer';
    const floating = [...document.querySelectorAll('body *')].filter((element) => {
      if (!visible(element) || element.closest(transient)) return false;
      const position = getComputedStyle(element).position;
      if (position !== 'fixed' && position !== 'sticky') return false;
      const parent = element.parentElement?.closest('*');
      // Only the outermost fixed element of a group.
      for (let up = parent; up; up = up.parentElement) {
        const p = getComputedStyle(up).position;
        if (p === 'fixed' || p === 'sticky') return false;
      }
      return true;
    });
    const content = [
      ...document.querySelectorAll('button, [role="button"], a, h1, h2, h3, h4, h5, h6, p, li, label, input, textarea, [role="tab"]'),
    ].filter((element) => visible(element) && !floating.some((f) => f.contains(element)) && !element.closest(transient));
    const found: string[] = [];
    for (const f of floating) {
      const a = f.getBoundingClientRect();
      for (const element of content) {
        if (element.contains(f)) continue;
        const b = element.getBoundingClientRect();
        const width = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const height = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (width > 1 && height > 1 && b.bottom > 0 && b.top < innerHeight) found.push(`${describe(f)} covers ${describe(element)}`);
      }
    }
    return [...new Set(found)];
  });
}

/** axe's serious and critical WCAG 2.2 AA violations on the page as it is, one line each. */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}
