import { LEAD_SOURCE_LABELS, type Lead } from '@agencia/shared';
import { Anchor, Badge, Paper, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { TableScroll } from '../../../components/ui/table-scroll';
import { formatDate } from '../../../lib/format';
import { useIsPhone } from '../../../lib/use-is-phone';
import { useDateDisplay } from '../../../stores/display-store';
import { leadValue } from './lead-money';

const stageColor = (kind: Lead['stage']['kind']) =>
  kind === 'won' ? 'green' : kind === 'lost' ? 'red' : 'blue';

/** The list view: a table from 768 px, stacked cards on phones (the default view there). */
export function LeadList({ leads }: { leads: Lead[] }) {
  useDateDisplay();
  const phone = useIsPhone();
  if (phone)
    return (
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Prospectos">
        {leads.map((lead) => (
          <Paper key={lead._id} withBorder p="sm" component="li">
            <Anchor component={Link} to={`/leads/${lead._id}`} fw={600} underline="always">
              {lead.title}
            </Anchor>
            <Text size="sm" c="dimmed">
              {lead.contactName}
              {lead.company ? ` · ${lead.company}` : ''}
            </Text>
            <Text size="sm">{leadValue(lead)}</Text>
            <Badge mt={4} variant="light" color={stageColor(lead.stage.kind)}>
              {lead.stage.name}
            </Badge>
          </Paper>
        ))}
      </Stack>
    );
  return (
    <TableScroll label="Lista de prospectos" minWidth={860}>
      <Table striped highlightOnHover aria-label="Prospectos">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Prospecto</Table.Th>
            <Table.Th>Etapa</Table.Th>
            <Table.Th>Valor estimado</Table.Th>
            <Table.Th>Origen</Table.Th>
            <Table.Th>Responsable</Table.Th>
            <Table.Th>Cierre esperado</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {leads.map((lead) => (
            <Table.Tr key={lead._id}>
              <Table.Td>
                <Anchor component={Link} to={`/leads/${lead._id}`} fw={600} underline="always">
                  {lead.title}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {lead.contactName}
                  {lead.company ? ` · ${lead.company}` : ''}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={stageColor(lead.stage.kind)}>
                  {lead.stage.name}
                </Badge>
              </Table.Td>
              <Table.Td>{leadValue(lead)}</Table.Td>
              <Table.Td>{LEAD_SOURCE_LABELS[lead.source]}</Table.Td>
              <Table.Td>{lead.owner ? `${lead.owner.firstName} ${lead.owner.lastName}` : '—'}</Table.Td>
              <Table.Td>{lead.expectedCloseDate ? formatDate(lead.expectedCloseDate) : '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
