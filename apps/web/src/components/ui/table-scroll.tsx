import { Table, type TableScrollContainerProps } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import classes from './table-scroll.module.css';

interface TableScrollProps extends Omit<TableScrollContainerProps, 'type'> {
  /** Names the scroll region for screen readers, e.g. "Facturas" (Spanish, what the table lists). */
  label: string;
}

/** Which sides of a scroll box hide columns (more content to the start / to the end). */
interface Overflow {
  start: boolean;
  end: boolean;
}

/** Overflow of `box` now; one pixel of slack for subpixel widths. */
function overflowOf(box: HTMLElement): Overflow {
  const hidden = box.scrollWidth - box.clientWidth;
  if (hidden <= 1) return { start: false, end: false };
  const left = Math.abs(box.scrollLeft);
  return { start: left > 1, end: left < hidden - 1 };
}

/**
 * A table's horizontal scroll box (WCAG 1.4.10 allows two-dimensional scrolling for data tables;
 * decision 112). Native scrolling, and while the table is wider than the box it is a named,
 * focusable region (`role="region"`, `aria-label`, `tabindex="0"`): keyboard users reach it and
 * scroll it with the arrow keys, and the reflow e2e accepts it as deliberate. When it fits, it is a
 * plain box without a tab stop. Use it instead of `Table.ScrollContainer`.
 *
 * A shadow on each side that hides columns says there is more to scroll (issue 32 point 8), kept
 * up to date on scroll and resize; cells marked `data-amount` never wrap.
 */
export function TableScroll({ label, children, ...props }: TableScrollProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState<Overflow>({ start: false, end: false });
  const [scrolls, setScrolls] = useState(false);

  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => {
      setScrolls(box.scrollWidth > box.clientWidth + 1);
      const next = overflowOf(box);
      setOverflow((prev) => (prev.start === next.start && prev.end === next.end ? prev : next));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    box.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      box.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
    };
  }, []);

  return (
    <div
      className={classes.frame}
      data-more-start={overflow.start || undefined}
      data-more-end={overflow.end || undefined}
    >
      <Table.ScrollContainer
        ref={ref}
        type="native"
        // The containing block of the cells' visually hidden (absolutely positioned) labels: without
        // it they sit outside the clip and widen the page (found at 1280 px with text at 200 %).
        pos="relative"
        {...(scrolls ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}
        {...props}
      >
        {children}
      </Table.ScrollContainer>
      <div
        aria-hidden
        data-scroll-cue="start"
        className={`${classes.cue} ${classes.start}`}
        data-visible={overflow.start || undefined}
      />
      <div
        aria-hidden
        data-scroll-cue="end"
        className={`${classes.cue} ${classes.end}`}
        data-visible={overflow.end || undefined}
      />
    </div>
  );
}
