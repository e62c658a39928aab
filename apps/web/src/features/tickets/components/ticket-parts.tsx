import { WORK_TYPE_LABELS } from '@agencia/shared';
import { Anchor, Group, Stack, Table } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { PagedSection, useUrlPage } from '../../../components/ui/paged-section';
import { TableScroll } from '../../../components/ui/table-scroll';
import { formatNumericDate } from '../../../lib/format';
import { useDateDisplay } from '../../../stores/display-store';
import { useTicketAttachments, useTicketTimeLogs, useTicketTimeline } from '../api/get-ticket-sub-lists';
import { openTicketAttachment } from '../api/ticket-mutations';
import { formatHours } from './ticket-badges';
import { TicketTimeline } from './ticket-conversation';

/** "Actividad" tab: the timeline 20 at a time, newest first (`?actividad=N` in the URL). */
export function TicketActivity({ ticketId }: { ticketId: string }) {
  const [page, setPage] = useUrlPage('actividad');
  const query = useTicketTimeline(ticketId, page);
  return (
    <PagedSection
      query={query}
      label="Cargando actividad"
      empty="Sin actividad registrada."
      noun="eventos"
      singular="evento"
      onPage={setPage}
    >
      <TicketTimeline entries={query.data?.timeline ?? []} />
    </PagedSection>
  );
}

/** "Tiempo" tab (staff): the time log 20 at a time, latest date first (`?tiempo=N`). */
export function TicketTimeLogs({ ticketId }: { ticketId: string }) {
  useDateDisplay();
  const [page, setPage] = useUrlPage('tiempo');
  const query = useTicketTimeLogs(ticketId, page, true);
  return (
    <PagedSection
      query={query}
      label="Cargando tiempo registrado"
      empty="Todavía no hay tiempo registrado."
      noun="registros"
      singular="registro"
      onPage={setPage}
    >
      <TableScroll label="Tiempo registrado en el ticket" minWidth={480}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Fecha</Table.Th>
              <Table.Th>Persona</Table.Th>
              <Table.Th>Tipo</Table.Th>
              <Table.Th>Horas</Table.Th>
              <Table.Th>Descripción</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.data?.timeLogs.map((l) => (
              <Table.Tr key={l._id}>
                <Table.Td>{formatNumericDate(l.date)}</Table.Td>
                <Table.Td>{l.user ? `${l.user.firstName} ${l.user.lastName}` : '—'}</Table.Td>
                <Table.Td>{WORK_TYPE_LABELS[l.workType]}</Table.Td>
                <Table.Td>{formatHours(l.hours)}</Table.Td>
                <Table.Td>{l.description}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
    </PagedSection>
  );
}

/** Sidebar "Adjuntos": files 20 at a time, newest first (`?adjuntos=N`); a click downloads. */
export function TicketAttachments({ ticketId }: { ticketId: string }) {
  const [page, setPage] = useUrlPage('adjuntos');
  const query = useTicketAttachments(ticketId, page);
  return (
    <PagedSection
      query={query}
      label="Cargando adjuntos"
      empty="Sin adjuntos."
      noun="adjuntos"
      singular="adjunto"
      onPage={setPage}
    >
      <Stack gap={6}>
        {query.data?.attachments.map((a) => (
          <Anchor
            key={a._id}
            component="button"
            type="button"
            size="sm"
            ta="left"
            onClick={() => void openTicketAttachment(a)}
          >
            <Group gap={4} wrap="nowrap">
              <IconPaperclip size={14} aria-hidden />
              <span>
                {a.filename} ({Math.max(1, Math.round(a.size / 1024))} KB)
              </span>
            </Group>
          </Anchor>
        ))}
      </Stack>
    </PagedSection>
  );
}
