import type { ConversionTarget, ConvertProposalRequest, SignableDocument } from '@agencia/shared';
import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconBriefcase, IconFileInvoice, IconRepeat } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { getErrorMessage } from '../../../lib/api-client';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useConvertProposal } from '../api/proposals-api';

const TARGETS: Array<{
  target: ConversionTarget;
  label: string;
  icon: typeof IconBriefcase;
  confirm: (doc: SignableDocument) => string;
  done: string;
  path: (id: string) => string;
}> = [
  {
    target: 'project',
    label: 'Crear proyecto',
    icon: IconBriefcase,
    confirm: (doc) =>
      `Se creará el proyecto «${doc.title}» con un hito por cada grupo de la tabla de precios, y el prospecto pasará a «Ganado».`,
    done: 'Proyecto creado',
    path: (id) => `/projects/${id}`,
  },
  {
    target: 'retainer',
    label: 'Crear iguala',
    icon: IconRepeat,
    confirm: (doc) =>
      `Se creará una iguala mensual por el total de la propuesta para ${doc.recipient.name}, y el prospecto pasará a «Ganado».`,
    done: 'Iguala creada',
    path: () => '/billing/retainers',
  },
  {
    target: 'invoice',
    label: 'Crear primera factura',
    icon: IconFileInvoice,
    confirm: (doc) =>
      `Se creará un borrador de factura con las líneas de la propuesta para ${doc.recipient.name} (pago a 30 días), y el prospecto pasará a «Ganado».`,
    done: 'Factura creada',
    path: (id) => `/billing/${id}`,
  },
];

/**
 * After signature (decision 173): "Crear proyecto", "Crear iguala", "Crear primera factura" — one
 * of them, once, each after a confirmation that says what will be created. The API turns the lead
 * into a client when needed and moves it to "Ganado".
 */
export function ConversionButtons({ doc }: { doc: SignableDocument }) {
  const convert = useConvertProposal(doc.kind, doc._id);
  const navigate = useNavigate();
  const open = (t: (typeof TARGETS)[number]) =>
    modals.openConfirmModal({
      title: t.label,
      children: <Text size="sm">{t.confirm(doc)} ¿Continuar?</Text>,
      labels: { confirm: t.label, cancel: 'Cancelar' },
      onConfirm: async () => {
        try {
          const res = await convert.mutateAsync({ target: t.target } as ConvertProposalRequest);
          toastSuccess(t.done, res.leadWon ? 'El prospecto quedó como ganado' : undefined);
          navigate(t.path(res.id));
        } catch (e) {
          toastError('Error', getErrorMessage(e, 'No se pudo convertir la propuesta'));
        }
      },
    });
  return (
    <Group gap="xs">
      {TARGETS.map((t) => (
        <Button
          key={t.target}
          variant={t.target === 'project' ? 'filled' : 'default'}
          leftSection={<t.icon size={16} />}
          onClick={() => open(t)}
          loading={convert.isPending && convert.variables?.target === t.target}
          disabled={convert.isPending}
        >
          {t.label}
        </Button>
      ))}
    </Group>
  );
}
