import type { Page } from 'playwright-core';

/**
 * What sticks out past the right edge of the window on the screen shown: the page itself
 * when it can be scrolled sideways, and each visible element whose right edge passes the
 * window (the outermost of a nest of them), named by its tag, test id or classes and text.
 * An element inside a box that scrolls sideways of its own (overflow-x auto or scroll) is
 * fine: the box is what counts. `where` prefixes each finding.
 */
export async function horizontalOverflow(page: Page, where: string): Promise<string[]> {
  const found = await page.evaluate(() => {
    const width = window.innerWidth;
    const findings: string[] = [];
    const reported = new Set<Element>();
    const pageWidth = document.documentElement.scrollWidth;
    if (pageWidth > width) findings.push(`the page scrolls sideways: ${pageWidth} px wide`);
    const scrollsSideways = (el: Element) =>
      ['auto', 'scroll'].includes(getComputedStyle(el).overflowX);
    const inScrollingBox = (el: Element) => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        if (scrollsSideways(up)) return true;
      }
      return false;
    };
    const name = (el: Element) => {
      const testId = el.getAttribute('data-testid');
      const classes = [...el.classList].slice(0, 3).join('.');
      const label = testId ? `[data-testid=${testId}]` : classes ? `.${classes}` : '';
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `<${el.tagName.toLowerCase()}${label}> "${text}"`;
    };
    for (const el of document.body.querySelectorAll('*')) {
      const box = el.getBoundingClientRect();
      // Half a pixel of rounding is not overflow.
      if (box.width === 0 || box.height === 0 || box.right <= width + 0.5) continue;
      if (getComputedStyle(el).visibility === 'hidden') continue;
      if (inScrollingBox(el)) continue;
      reported.add(el);
      // Its parent, wider than the window too, already names the place.
      if (el.parentElement && reported.has(el.parentElement)) continue;
      findings.push(`${name(el)} reaches ${Math.round(box.right)} px`);
    }
    return findings;
  });
  return found.map((finding) => `${where}: ${finding}`);
}
