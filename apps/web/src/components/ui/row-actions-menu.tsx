import { ActionIcon, Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** An entry of a {@link RowActionsMenu}; `hidden` leaves it out, `color: 'red'` for destructive ones. */
export interface RowAction {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  hidden?: boolean;
  color?: 'red';
}

/**
 * The "⋯" menu of a list row or card: an icon button named `label` (Spanish, which row it acts
 * on, e.g. "Acciones del gasto B0100000001") opening `actions` below it, aligned to its end.
 */
export function RowActionsMenu({ label, actions }: { label: string; actions: RowAction[] }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={label}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions
          .filter((a) => !a.hidden)
          .map((a) => (
            <Menu.Item
              key={a.label}
              color={a.color}
              leftSection={a.icon}
              onClick={a.onClick}
              disabled={a.disabled}
            >
              {a.label}
            </Menu.Item>
          ))}
      </Menu.Dropdown>
    </Menu>
  );
}
