import { Table, type TableScrollContainerProps } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

interface TableScrollProps extends Omit<TableScrollContainerProps, 'type'> {
  /** Names the scroll region for screen readers, e.g. "Facturas" (Spanish, what the table lists). */
  label: string;
}

/**
 * A table's horizontal scroll box (WCAG 1.4.10 allows two-dimensional scrolling for data tables;
 * decision 112). Native scrolling, and while the table is wider than the box it is a named,
 * focusable region (`role="region"`, `aria-label`, `tabindex="0"`): keyboard users reach it and
 * scroll it with the arrow keys, and the reflow e2e accepts it as deliberate. When it fits, it is a
 * plain box without a tab stop. Use it instead of `Table.ScrollContainer`.
 */
export function TableScroll({ label, children, ...props }: TableScrollProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);

  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => setScrolls(box.scrollWidth > box.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, []);

  return (
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
  );
}
