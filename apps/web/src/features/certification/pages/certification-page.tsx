import { Alert, Button, Stack } from '@mantine/core';
import { IconArrowLeft, IconRefresh } from '@tabler/icons-react';
import { HeaderLink } from '../../../components/ui/header-link';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { getErrorMessage } from '../../../lib/api-client';
import { useDateDisplay } from '../../../stores/display-store';
import { useCertification } from '../api/get-certification';
import { CertificationHeader } from '../components/certification-header';
import { CertificationSteps } from '../components/certification-steps';
import { ProductionChecklist } from '../components/production-checklist';

/**
 * /settings/certification (admin): "Certificación DGII", the DGII's 15 steps to become an
 * electronic issuer with the portal as the company's own software — the state of each, the
 * product's tools for the steps it can do (test sets, simulation, printed representations, URLs,
 * reception, signing) and the checklist before production. `?paso=N` opens a step.
 */
export function CertificationPage() {
  useDateDisplay();
  const overview = useCertification();
  return (
    <>
      <PageHeader
        title="Certificación DGII"
        description="Los 15 pasos de la DGII para emitir e-CF con el portal como sistema propio."
        actions={
          <HeaderLink to="/settings?tab=fiscal" icon={<IconArrowLeft size={18} />}>
            Configuración
          </HeaderLink>
        }
      />
      {overview.isLoading ? (
        <PageLoader label="Cargando la certificación" />
      ) : overview.isError || !overview.data ? (
        <Alert color="red" role="alert" title="No se pudo cargar la certificación">
          {getErrorMessage(overview.error, 'Revisa tu conexión e intenta nuevamente.')}
          <div>
            <Button
              mt="sm"
              variant="light"
              color="red"
              leftSection={<IconRefresh size={16} />}
              onClick={() => void overview.refetch()}
            >
              Reintentar
            </Button>
          </div>
        </Alert>
      ) : (
        <Stack gap="lg">
          <CertificationHeader overview={overview.data} />
          <CertificationSteps overview={overview.data} />
          <ProductionChecklist overview={overview.data} />
        </Stack>
      )}
    </>
  );
}
