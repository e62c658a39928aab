import { LEAD_SOURCE_LABELS, type Lead } from '@agencia/shared';
import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format';
import { useDateDisplay } from '../../../stores/display-store';
import { leadValue } from './lead-money';

/** A card of the board: title (link to the detail), contact, value, owner, next follow-up. */
export function LeadCard({
  lead,
  handle,
  overlay = false,
}: {
  lead: Lead;
  handle?: ReactNode;
  overlay?: boolean;
}) {
  useDateDisplay();
  return (
    <Paper withBorder radius="sm" p="xs" shadow={overlay ? 'md' : undefined} data-testid="lead-card">
      <Group gap={4} wrap="nowrap" align="flex-start">
        {handle}
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Anchor
            component={Link}
            to={`/leads/${lead._id}`}
            fw={600}
            size="sm"
            underline="always"
            lineClamp={2}
          >
            {lead.title}
          </Anchor>
          <Text size="xs" c="dimmed">
            {lead.contactName}
            {lead.company ? ` · ${lead.company}` : ''}
          </Text>
          <Text size="sm" fw={500}>
            {leadValue(lead)}
          </Text>
          <Group gap={4}>
            <Badge size="xs" variant="light" color="gray">
              {LEAD_SOURCE_LABELS[lead.source]}
            </Badge>
            {lead.nextFollowUp && (
              <Badge size="xs" variant="light" color="orange">
                Seguimiento {formatDate(lead.nextFollowUp)}
              </Badge>
            )}
          </Group>
          {lead.owner && (
            <Text size="xs" c="dimmed">
              Responsable: {lead.owner.firstName} {lead.owner.lastName}
            </Text>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}
