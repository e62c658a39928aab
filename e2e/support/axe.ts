import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { animationsDone } from './screens.js';

/*
 * axe-core audits for the screen walk (a11y.spec.ts, decision 108): WCAG 2.2 AA, serious and
 * critical violations block.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const BLOCKING = new Set(['serious', 'critical']);

type Violations = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'];

/** One blocking (serious or critical) violation of one rule on one element of one screen. */
export interface AxeProblem {
  where: string;
  rule: string;
  impact: string;
  target: string;
  summary: string;
}

function blockingProblems(where: string, violations: Violations): AxeProblem[] {
  return violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map((node) => ({
        where,
        rule: violation.id,
        impact: violation.impact ?? '',
        target: node.target.join(' '),
        summary: node.failureSummary?.split('\n').slice(1, 2).join('').trim() ?? '',
      })),
    );
}

/** Failure message: one line per rule and element, with the screens where it shows. */
export function axeReport(problems: AxeProblem[]): string {
  const byKey = new Map<string, { problem: AxeProblem; screens: Set<string> }>();
  for (const problem of problems) {
    const key = `${problem.rule} ${problem.target}`;
    const entry = byKey.get(key) ?? { problem, screens: new Set<string>() };
    entry.screens.add(problem.where);
    byKey.set(key, entry);
  }
  return [...byKey.values()]
    .map(
      ({ problem, screens }) =>
        `${problem.rule} (${problem.impact}) ${problem.target} — ${problem.summary}\n    on: ${[...screens].join(', ')}`,
    )
    .join('\n');
}

/** Switches the system scheme and waits until Mantine ("auto") has applied it and repainted. */
export async function useScheme(page: Page, value: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: value });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', value);
  await animationsDone(page);
}

/**
 * Light: every WCAG 2.2 AA rule. With `dark`, also the dark scheme, colour contrast only — the one
 * rule a colour scheme changes (names, roles and structure are the same markup). `scope` limits the
 * audit to a dialog or panel (the screen beneath is audited on its own). Returns the blocking
 * problems and how many audits ran (1 or 2). Leaves the page in the light scheme.
 */
export async function audit(
  page: Page,
  where: string,
  options: { scope?: string; dark: boolean },
): Promise<{ problems: AxeProblem[]; audits: number }> {
  // Only violations are read: axe then skips building the passes and incomplete lists, the
  // larger part of a result on a full screen (decision 130). `options()` first: it replaces the
  // options object that withTags/withRules then add to.
  //
  // Legacy mode: `axe.run` in the page itself. The default mode runs each frame apart and then
  // merges the results in a new blank page, with axe-core's 550 KB injected again there — half of
  // each audit's time (52 s against 97 s for the admin's 51 audits at 1440 px, the same machine).
  // It differs only for iframes, which the portal does not have: the walk fails if one appears.
  expect(page.frames(), `${where}: a frame the audit would skip`).toHaveLength(1);
  const axe = () => {
    const builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
    return options.scope ? builder.include(options.scope) : builder;
  };
  const light = await axe().withTags(TAGS).analyze();
  const problems = blockingProblems(`${where} [claro]`, light.violations);
  if (!options.dark) return { problems, audits: 1 };
  await useScheme(page, 'dark');
  const dark = await axe().withRules(['color-contrast']).analyze();
  problems.push(...blockingProblems(`${where} [oscuro]`, dark.violations));
  await useScheme(page, 'light');
  return { problems, audits: 2 };
}
