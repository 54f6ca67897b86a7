// Accessibility checks of what the phone shows: axe-core on the document (hidden pages of the
// stack left out) and the size of every control's tap target.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** WCAG 2.0 and 2.1, levels A and AA, and axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
export const MIN_TAP_TARGET = 44;

/**
 * axe's serious and critical violations on the shown page (and the tab bar, dialogs and sheets
 * over it), one readable line per element: rule, impact, target, summary. Hidden pages of the
 * stack are excluded (they are display:none and inert anyway).
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(AXE_TAGS).exclude('.app-page[aria-hidden="true"]').analyze();
  const lines: string[] = [];
  for (const violation of result.violations) {
    if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
    for (const node of violation.nodes) {
      const summary = (node.failureSummary ?? violation.help).replace(/\s+/g, ' ').trim();
      lines.push(`${violation.id} (${violation.impact}) ${node.target.join(' ')}: ${summary}`);
    }
  }
  return lines;
}

/** What a finger can tap: native controls, ARIA widgets and focusable elements. */
const CONTROLS = [
  'a',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'summary',
  '[role="button"]',
  '[role="link"]',
  '[role="checkbox"]',
  '[role="radio"]',
  '[role="switch"]',
  '[role="tab"]',
  '[role="option"]',
  '[role="menuitem"]',
  '[role="slider"]',
  '[role="spinbutton"]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/**
 * Every visible control whose tap area is under 44×44 CSS px, described. A control smaller than
 * that passes when its hit area is larger (padding, a ::before): the point 22 px left, right, above
 * and below its centre must still hit it (elementFromPoint). An input hidden behind its label is
 * measured by its label; an input with no visible label that something else opens is skipped.
 */
export function smallTapTargets(page: Page): Promise<string[]> {
  return page.evaluate(
    ({ selector, min }) => {
      const hiddenPages = '.app-page[aria-hidden="true"]';
      const shown = (el: Element) => el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && el.getClientRects().length > 0;
      const describe = (el: Element) => {
        const name = el.getAttribute('aria-label') ?? (el as HTMLElement).innerText?.replace(/\s+/g, ' ').trim().slice(0, 20) ?? '';
        const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
        return `${el.tagName.toLowerCase()}${cls} "${name}"`;
      };
      const problems: string[] = [];
      const targets = new Set<Element>();
      for (const el of Array.from(document.querySelectorAll(selector))) {
        if (el.closest(hiddenPages)) continue;
        // A control inside another control (an icon in a button) is tapped through the outer one.
        if (el.parentElement?.closest(selector) && !(el instanceof HTMLInputElement)) continue;
        if (shown(el)) {
          targets.add(el);
          continue;
        }
        const labels = el instanceof HTMLInputElement ? Array.from(el.labels ?? []).filter(shown) : [];
        for (const label of labels) targets.add(label);
      }
      for (const el of targets) {
        // An input inside a visible label is tapped through the label: measure the label.
        const label = el instanceof HTMLInputElement ? Array.from(el.labels ?? []).find((l) => l.contains(el) && shown(l)) : undefined;
        const target = label ?? el;
        if (label && targets.has(label)) continue;
        target.scrollIntoView({ block: 'center', inline: 'center' });
        const box = target.getBoundingClientRect();
        if (box.width >= min && box.height >= min) continue;
        const cx = box.left + box.width / 2;
        const cy = box.top + box.height / 2;
        const reach = min / 2 - 0.5;
        const hits = (x: number, y: number) => {
          const hit = document.elementFromPoint(x, y);
          return !!hit && (target.contains(hit) || (target instanceof HTMLInputElement && Array.from(target.labels ?? []).some((l) => l.contains(hit))));
        };
        // Under a dialog's or sheet's mask: not a target now (the overlay's own controls are).
        if (!hits(cx, cy)) continue;
        const probes = [
          [cx - reach, cy],
          [cx + reach, cy],
          [cx, cy - reach],
          [cx, cy + reach],
        ] as const;
        const missed = probes.filter(([x, y]) => !hits(x, y));
        if (missed.length > 0) {
          const instead = missed.map(([x, y]) => document.elementFromPoint(x, y)).map((el) => (el ? describe(el) : 'nothing'));
          problems.push(`${describe(target)} is ${Math.round(box.width)}×${Math.round(box.height)}, hit area under ${min}×${min}: ${missed.length} of 4 points 22px from its centre hit ${[...new Set(instead)].join(', ')}`);
        }
      }
      return problems;
    },
    { selector: CONTROLS, min: MIN_TAP_TARGET },
  );
}

/**
 * Waits until every sheet, dialog and mask has finished animating in, and every button its fade
 * (a kit button fades between enabled and disabled): axe measuring contrast mid-fade would read
 * colours no one sees. Settled = the same opacity and transform over 5 frames in a row.
 */
export async function overlaysSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const state = Array.from(document.querySelectorAll<HTMLElement>('.adm-mask, .adm-center-popup-wrap, .adm-popup-body, .adm-button'))
        .map((el) => {
          const style = getComputedStyle(el);
          return `${style.display} ${style.opacity} ${style.transform}`;
        })
        .join('|');
      const w = window as unknown as { __overlayState?: string; __overlayFrames?: number };
      w.__overlayFrames = state === w.__overlayState ? (w.__overlayFrames ?? 0) + 1 : 0;
      w.__overlayState = state;
      return w.__overlayFrames >= 5;
    },
    undefined,
    { polling: 'raf' },
  );
}

/** Both checks on what the phone shows now, each problem prefixed with the page's name. */
export async function checkAccessibility(page: Page, name: string): Promise<string[]> {
  await overlaysSettled(page);
  const axe = await axeViolations(page);
  const taps = await smallTapTargets(page);
  return [...axe.map((line) => `${name}: axe ${line}`), ...taps.map((line) => `${name}: tap target ${line}`)];
}
