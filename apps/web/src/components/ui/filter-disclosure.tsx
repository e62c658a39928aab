import { Badge, Box, Button, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { useIsPhone } from '../../lib/use-is-phone';

/** Mantine's `sm` breakpoint (48em = 768 px), the spec's mobile limit (doc 1 §9). */

/**
 * A list's filters that give the first rows the phone's first screen (issue 32: at 390×844 the
 * filter block pushed the first invoice or client below it). Above the phone width `layout`
 * receives the search and the filters together, as the list always showed them. On a phone the
 * search stays visible, with a "Filtros" button beside it that shows or hides the other filters
 * below (a disclosure: a real button with `aria-expanded`, so Enter and Space work) and carries
 * the number of active filters, so a filtered list never looks unfiltered while they are hidden.
 */
export function FilterDisclosure({
  search,
  activeCount,
  children,
  layout,
}: {
  search: ReactNode;
  /** Filters away from their default (the search not counted: it stays in view). */
  activeCount: number;
  /** The other filters (selects, sort, "Limpiar filtros"). */
  children: ReactNode;
  /** How the row lays out search and filters above the phone width. */
  layout: (content: ReactNode) => ReactNode;
}) {
  // Read on the first render, as the calendar does: no wide row flashing on a phone.
  const isPhone = useIsPhone();
  const [opened, { toggle }] = useDisclosure(false);
  const panelId = useId();
  if (!isPhone) {
    return (
      <>
        {layout(
          <>
            {search}
            {children}
          </>,
        )}
      </>
    );
  }
  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <Box style={{ flex: 1, minWidth: 0 }}>{search}</Box>
        <Button
          variant={activeCount > 0 ? 'light' : 'default'}
          leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
          rightSection={
            activeCount > 0 ? (
              <Badge size="sm" circle aria-label={`${activeCount} activos`}>
                {activeCount}
              </Badge>
            ) : undefined
          }
          aria-expanded={opened}
          aria-controls={opened ? panelId : undefined}
          onClick={toggle}
        >
          Filtros
        </Button>
      </Group>
      {opened && (
        <Stack id={panelId} gap="xs" role="group" aria-label="Filtros">
          {children}
        </Stack>
      )}
    </Stack>
  );
}
