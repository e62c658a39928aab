import {
  type Client,
  formatTaxId,
  PREFERRED_COMMUNICATION_LABELS,
  TAXPAYER_TYPE_LABELS,
} from '@agencia/shared';
import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Grid,
  Group,
  Rating,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { PaymentRemindersSwitch } from '../../../components/account/payment-reminders-switch';
import { useDateDisplay } from '../../../stores/display-store';
import { fmtDate } from './client-dates';
import { Info } from './client-detail-parts';

/**
 * The client detail's "Resumen" tab: contact and fiscal data, activity, payment reminders and
 * the notes (`onEditNotes` opens their editor).
 */
export function ClientOverview({ client: c, onEditNotes }: { client: Client; onEditNotes: () => void }) {
  useDateDisplay();
  const address = [c.address.street, c.address.city, c.address.state, c.address.country]
    .filter(Boolean)
    .join(', ');
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Card withBorder radius="md">
          <Title order={2} size="h4" mb="sm">
            Información de contacto
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Info label="Email">{c.email}</Info>
            <Info label="Teléfono">{c.phone ?? '—'}</Info>
            <Info label="RNC / Cédula">
              {c.companyRUC ? formatTaxId(c.companyRUC) : '—'}
              {c.taxIdOverrideReason && (
                <Badge color="orange" variant="light" ml="xs" size="sm">
                  Aceptado con motivo
                </Badge>
              )}
            </Info>
            <Info label="Perfil fiscal">{TAXPAYER_TYPE_LABELS[c.taxpayerType]}</Info>
            {c.taxIdOverrideReason && (
              <Info label="Motivo para aceptar el RNC / cédula (dígito verificador no válido)">
                {c.taxIdOverrideReason}
              </Info>
            )}
            <Info label="Industria">{c.industry ?? '—'}</Info>
            <Info label="Sitio web">
              {c.website ? (
                <Anchor
                  href={c.website.startsWith('http') ? c.website : `https://${c.website}`}
                  target="_blank"
                  rel="noreferrer"
                >
                  {c.website}
                </Anchor>
              ) : (
                '—'
              )}
            </Info>
            <Info label="Dirección">{address || '—'}</Info>
            <Info label="Comunicación preferida">
              {PREFERRED_COMMUNICATION_LABELS[c.preferredCommunication]}
            </Info>
            <Info label="Zona horaria">{c.timezone}</Info>
            <Info label="Usuarios en el portal">{c.registeredUsers}</Info>
            <Info label="Satisfacción">
              {c.satisfactionRating ? (
                // The stars are one image named by the score (axe aria-prohibited-attr: a name
                // on Rating's plain div is not read).
                <Box role="img" aria-label={`${c.satisfactionRating} de 5`} w="fit-content">
                  <Rating value={c.satisfactionRating} readOnly size="sm" aria-hidden />
                </Box>
              ) : (
                'Sin calificar'
              )}
            </Info>
          </SimpleGrid>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack>
          <Card withBorder radius="md">
            <Title order={2} size="h4" mb="sm">
              Actividad
            </Title>
            <SimpleGrid cols={2}>
              <Info label="Cliente desde">{fmtDate(c.joinDate)}</Info>
              <Info label="Última actividad">{fmtDate(c.lastActivity)}</Info>
              <Info label="Último contacto">{fmtDate(c.lastContact)}</Info>
              <Info label="Proyectos completados">{c.completedProjects}</Info>
            </SimpleGrid>
          </Card>
          <Card withBorder radius="md">
            <Title order={2} size="h4" mb="sm">
              Cobros
            </Title>
            <PaymentRemindersSwitch
              url={`/clients/${c._id}/reminders`}
              description="Envía por correo los recordatorios programados de sus facturas pendientes."
            />
          </Card>
          <Card withBorder radius="md">
            <Group justify="space-between" mb="xs">
              <Title order={2} size="h4">
                Notas
              </Title>
              <Button size="xs" variant="subtle" leftSection={<IconPencil size={14} />} onClick={onEditNotes}>
                Editar notas
              </Button>
            </Group>
            <Text size="sm" c={c.notes ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-wrap' }}>
              {c.notes ?? 'Sin notas'}
            </Text>
          </Card>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
