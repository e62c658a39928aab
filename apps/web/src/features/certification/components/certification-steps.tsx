import {
  CERTIFICATION_SET_STATUS_LABELS,
  type CertificationOverview,
  type CertificationStepState,
  type CertificationTestSet,
} from '@agencia/shared';
import { Accordion, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { ColorBadge } from '../../../components/ui/color-badge';
import { formatNumericDate } from '../../../lib/format';
import { useDateDisplay } from '../../../stores/display-store';
import { useTestSets } from '../api/get-test-sets';
import { sentCount } from './labels';
import { PrintedRepresentationsStep } from './printed-representations-step';
import { ReceivedStep } from './received-step';
import { ServiceUrlsStep } from './service-urls-step';
import { SignXmlTool } from './sign-xml-tool';
import { SimulationStep } from './simulation-step';
import { StepCheckOff } from './step-check-off';
import { TestSetsStep } from './test-sets-step';

/** The product's own tool for a step, if it has one (mounted only while the step is open). */
function StepTool({ step, overview }: { step: number; overview: CertificationOverview }) {
  switch (step) {
    case 2:
      return <TestSetsStep kind="ecf" />;
    case 3:
      return <TestSetsStep kind="approval" />;
    case 4:
      return <SimulationStep simulation={overview.simulation} />;
    case 5:
      return <PrintedRepresentationsStep />;
    case 7:
    case 12:
      return (
        <ServiceUrlsStep
          urls={overview.urls}
          publicUrlIsHttps={overview.publicUrlIsHttps}
          production={step === 12}
        />
      );
    case 8:
    case 9:
      return <ReceivedStep what="ecf" />;
    case 10:
    case 11:
      return <ReceivedStep what="approvals" />;
    case 13:
      return <SignXmlTool hasCertificate={overview.hasCertificate} />;
    default:
      return null;
  }
}

/** The newest set of a kind, or null. */
function latestSet(sets: CertificationTestSet[] | undefined, kind: CertificationTestSet['kind']) {
  const mine = (sets ?? []).filter((s) => s.kind === kind);
  return mine.sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0] ?? null;
}

/** The product's own progress on a step, in a few words under its title (null when it has none). */
function productProgress(
  step: number,
  overview: CertificationOverview,
  sets: CertificationTestSet[] | undefined,
): string | null {
  switch (step) {
    case 2:
    case 3: {
      if (!sets) return null;
      const set = latestSet(sets, step === 2 ? 'ecf' : 'approval');
      if (!set) return 'Sin archivo importado';
      return `${CERTIFICATION_SET_STATUS_LABELS[set.status]} · ${sentCount(set.cases)} de ${set.cases.length} casos enviados`;
    }
    case 4: {
      const { counters } = overview.simulation;
      const complete = counters.filter((c) => c.accepted >= c.target).length;
      return `${complete} de ${counters.length} tipos completos`;
    }
    case 9:
      return `${overview.received.ecf.length} e-CF recibidos`;
    case 11:
      return `${overview.received.approvals.length} aprobaciones recibidas`;
    default:
      return null;
  }
}

/** The step's state in words beside its icon: "Hecho el …" or "Pendiente". */
function StepState({ step }: { step: CertificationStepState }) {
  useDateDisplay();
  return step.completedAt ? (
    <ColorBadge color="green">Hecho el {formatNumericDate(step.completedAt)}</ColorBadge>
  ) : (
    <ColorBadge color="gray">Pendiente</ColorBadge>
  );
}

/**
 * "Pasos de la DGII": the 15 steps as an accordion (keyboard: Tab, arrows, Home/End), one open at
 * a time and kept in the URL (`?paso=N`) so a step can be linked to. Each shows what the DGII
 * expects, the product's tool for it and its own check-off.
 */
export function CertificationSteps({ overview }: { overview: CertificationOverview }) {
  const [params, setParams] = useSearchParams();
  const open = params.get('paso');
  const sets = useTestSets();
  return (
    <Card withBorder radius="md" component="section" aria-labelledby="certification-steps-title" p={0}>
      <Title order={2} size="h4" id="certification-steps-title" p="md" pb="xs">
        Pasos de la DGII
      </Title>
      <Accordion
        value={open}
        onChange={(value) =>
          setParams(
            (current) => {
              const next = new URLSearchParams(current);
              if (value) next.set('paso', value);
              else next.delete('paso');
              return next;
            },
            { replace: true },
          )
        }
        chevronPosition="right"
      >
        {overview.steps.map((step) => {
          const value = String(step.step);
          const isOpen = open === value;
          const progress = productProgress(step.step, overview, sets.data);
          return (
            <Accordion.Item key={step.step} value={value}>
              <Accordion.Control
                icon={
                  step.completedAt ? (
                    <IconCircleCheck size={20} color="var(--mantine-color-green-light-color)" aria-hidden />
                  ) : (
                    <IconCircleDashed size={20} color="var(--mantine-color-dimmed)" aria-hidden />
                  )
                }
              >
                <Group gap="xs" justify="space-between" wrap="wrap">
                  <div style={{ minWidth: 0 }}>
                    <Text fw={500} size="sm">
                      Paso {step.step} · {step.title}
                    </Text>
                    {progress && (
                      <Text size="xs" c="dimmed">
                        {progress}
                      </Text>
                    )}
                  </div>
                  <StepState step={step} />
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                {isOpen && (
                  <Stack gap="md">
                    <div>
                      <Text size="sm" fw={500}>
                        Qué pide la DGII
                      </Text>
                      <Text size="sm">{step.expects}</Text>
                      {step.mode === 'portal' && (
                        <Text size="sm" c="dimmed" mt={4}>
                          Este paso se hace en el portal de la DGII; márcalo aquí cuando esté hecho.
                        </Text>
                      )}
                    </div>
                    <StepTool step={step.step} overview={overview} />
                    <StepCheckOff step={step} />
                  </Stack>
                )}
              </Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
    </Card>
  );
}
