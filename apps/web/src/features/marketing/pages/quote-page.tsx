import {
  type CreateQuoteRequest,
  CreateQuoteRequestSchema,
  HONEYPOT_FIELD,
  QUOTE_BUDGETS,
  QUOTE_MESSAGE_FEATURES,
  QUOTE_REDIRECT_DELAY_MS,
  QUOTE_SUMMARY_FEATURES,
  SERVICE_IDS,
  type ServiceId,
  STORAGE_KEYS,
} from '@agencia/shared';
import {
  Alert,
  Box,
  Button,
  Card,
  Container,
  Grid,
  List,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck, IconCircleCheck, IconInfoCircle, IconSend } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { zodResolver } from '../../../lib/form';
import { toastError } from '../../../lib/toast';
import { PublicSubmitError, submitPublicForm } from '../api/submit-public-form';
import { PublicFooter } from '../components/public-footer';
import { PublicHeader } from '../components/public-header';
import type { StoredServiceQuote } from '../components/service-modal';
import { FULL_SERVICES as SERVICES } from '../data/service-details';
import { usePageMeta } from '../lib/page-meta';
import classes from './landing-page.module.css';

/** Quote timeline options (spec doc 1 §9), labelled. */
const TIMELINE_OPTIONS = [
  { value: '1-2 semanas', label: '1-2 semanas' },
  { value: '3-4 semanas', label: '3-4 semanas' },
  { value: '1-2 meses', label: '1-2 meses' },
  { value: '3+ meses', label: '3+ meses' },
  { value: 'flexible', label: 'Flexible' },
];

/** Reads `serviceQuote` from local storage; null when absent, malformed or naming an unknown service. */
export function readStoredQuote(): StoredServiceQuote | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.serviceQuote);
    if (!raw) return null;
    const value = JSON.parse(raw) as StoredServiceQuote;
    if (!SERVICE_IDS.includes(value.id as ServiceId) || !Array.isArray(value.features)) return null;
    return value;
  } catch {
    return null;
  }
}

type QuoteFormValues = Omit<CreateQuoteRequest, 'serviceFeatures' | 'serviceId' | 'budget' | 'timeline'> & {
  serviceId: string;
  budget: string;
  timeline: string;
};

/**
 * `/quote` (spec doc 1 §2 "Quote request"): 'Servicio Seleccionado' from local storage on the
 * left, 'Solicitar Cotización Personalizada' on the right. Without a stored service the visitor
 * picks one in the form (decision 023). Submitting stores the request on the server; success
 * removes `serviceQuote` and goes to `/` after 3 s.
 */
export function QuotePage() {
  const navigate = useNavigate();
  const stored = useMemo(readStoredQuote, []);
  const [sent, setSent] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  usePageMeta(
    'Solicitar cotización · Agencia Digital RD',
    'Solicita una cotización personalizada para tu sitio web, tienda en línea, automatización o campaña de marketing digital.',
  );

  const form = useForm<QuoteFormValues>({
    mode: 'controlled',
    initialValues: {
      serviceId: stored?.id ?? '',
      name: '',
      email: '',
      phone: '',
      company: '',
      budget: '',
      timeline: '',
      description: '',
      requirements: '',
      [HONEYPOT_FIELD]: '',
    },
    validate: (values) => zodResolver(CreateQuoteRequestSchema)({ ...values, serviceFeatures: [] }),
  });

  const selectedService = SERVICES.find((s) => s.id === form.values.serviceId);
  const summary = stored
    ? { title: stored.service, price: stored.price, features: stored.features }
    : selectedService
      ? { title: selectedService.title, price: selectedService.price, features: selectedService.features }
      : null;

  useEffect(() => {
    if (!sent) return;
    // On a phone the form was scrolled far down: show the success title, not the sticky header's
    // back (decision 163).
    window.scrollTo({ top: 0 });
    const timer = window.setTimeout(() => navigate('/'), QUOTE_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [sent, navigate]);

  const handleSubmit = form.onSubmit(async (values) => {
    setSubmitting(true);
    try {
      await submitPublicForm('/public/quote-requests', {
        ...values,
        serviceFeatures: (summary?.features ?? []).slice(0, QUOTE_MESSAGE_FEATURES),
      });
      localStorage.removeItem(STORAGE_KEYS.serviceQuote);
      setSent(true);
    } catch (error) {
      const problem = error instanceof PublicSubmitError ? error : null;
      for (const fieldError of problem?.errors ?? [])
        form.setFieldError(fieldError.field, fieldError.message);
      toastError('Error al enviar cotización', problem?.message ?? 'Intenta nuevamente en unos minutos.');
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <>
      <PublicHeader />
      <main>
        <Box className={classes.hero} component="section" aria-labelledby="quote-title" pb={56}>
          <Container size="lg">
            {sent ? (
              <Card withBorder radius="lg" p="xl" maw={640} mx="auto" ta="center" role="status">
                <ThemeIcon size={64} radius="xl" color="green" mx="auto" aria-hidden>
                  <IconCircleCheck size={36} />
                </ThemeIcon>
                <Title id="quote-title" order={1} size="h2" mt="md">
                  ¡Cotización Enviada Exitosamente!
                </Title>
                <Text mt="sm">
                  Gracias por tu interés. Nuestro equipo revisará tu solicitud y se pondrá en contacto contigo
                  dentro de las próximas 24 horas.
                </Text>
                <Text c="dimmed" size="sm" mt="md">
                  Serás redirigido a la página principal en 3 segundos...
                </Text>
                <Loader size="sm" mt="md" mx="auto" aria-hidden />
              </Card>
            ) : (
              <>
                <Title id="quote-title" order={1} ta="center" mb="xl" fz={{ base: 30, sm: 40 }}>
                  Solicita tu cotización
                </Title>
                <Grid gap="lg">
                  <Grid.Col span={{ base: 12, md: 5 }}>
                    <Card withBorder radius="lg" p="lg">
                      <Title order={2} size="h4" mb="sm">
                        Servicio Seleccionado
                      </Title>
                      {summary ? (
                        <Stack gap="sm">
                          <Text fw={700} size="lg">
                            {summary.title}
                          </Text>
                          <Text fw={700} c="var(--mantine-primary-color-filled)">
                            Desde {summary.price}
                          </Text>
                          <List
                            spacing={6}
                            size="sm"
                            icon={
                              <ThemeIcon size={20} radius="xl" color="green" aria-hidden>
                                <IconCheck size={12} />
                              </ThemeIcon>
                            }
                          >
                            {summary.features.slice(0, QUOTE_SUMMARY_FEATURES).map((feature) => (
                              <List.Item key={feature}>{feature}</List.Item>
                            ))}
                          </List>
                        </Stack>
                      ) : (
                        <Text c="dimmed" size="sm">
                          Aún no has elegido un servicio. Selecciónalo en el formulario.
                        </Text>
                      )}
                      <Alert mt="md" variant="light" color="blue" icon={<IconInfoCircle size={18} />}>
                        Los precios son estimados. Te enviaremos una cotización personalizada basada en tus
                        requerimientos específicos.
                      </Alert>
                    </Card>
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, md: 7 }}>
                    <Card withBorder radius="lg" p="lg">
                      <Title order={2} size="h4" mb="md">
                        Solicitar Cotización Personalizada
                      </Title>
                      <form onSubmit={handleSubmit} noValidate>
                        <Stack gap="sm">
                          {!stored && (
                            <Select
                              label="Servicio"
                              placeholder="Selecciona un servicio"
                              data={SERVICES.map((s) => ({ value: s.id, label: s.title }))}
                              withAsterisk
                              {...form.getInputProps('serviceId')}
                            />
                          )}
                          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                            <TextInput
                              label="Nombre Completo"
                              withAsterisk
                              autoComplete="name"
                              {...form.getInputProps('name')}
                            />
                            <TextInput
                              label="Email"
                              type="email"
                              withAsterisk
                              autoComplete="email"
                              {...form.getInputProps('email')}
                            />
                            <TextInput
                              label="Teléfono"
                              type="tel"
                              withAsterisk
                              autoComplete="tel"
                              {...form.getInputProps('phone')}
                            />
                            <TextInput
                              label="Empresa"
                              autoComplete="organization"
                              {...form.getInputProps('company')}
                            />
                            <Select
                              label="Presupuesto"
                              placeholder="Selecciona un rango"
                              data={QUOTE_BUDGETS.map((b) => ({ value: b.value, label: b.label }))}
                              withAsterisk
                              {...form.getInputProps('budget')}
                            />
                            <Select
                              label="Tiempo de entrega"
                              placeholder="¿Para cuándo lo necesitas?"
                              data={TIMELINE_OPTIONS}
                              withAsterisk
                              {...form.getInputProps('timeline')}
                            />
                          </SimpleGrid>
                          <Textarea
                            label="Descripción del Proyecto"
                            withAsterisk
                            minRows={4}
                            autosize
                            {...form.getInputProps('description')}
                          />
                          <Textarea
                            label="Requerimientos Adicionales"
                            minRows={3}
                            autosize
                            {...form.getInputProps('requirements')}
                          />
                          <input
                            type="text"
                            name={HONEYPOT_FIELD}
                            tabIndex={-1}
                            autoComplete="off"
                            aria-hidden="true"
                            style={{
                              position: 'absolute',
                              left: '-10000px',
                              width: 1,
                              height: 1,
                              opacity: 0,
                            }}
                            value={form.values[HONEYPOT_FIELD] ?? ''}
                            onChange={(event) =>
                              form.setFieldValue(HONEYPOT_FIELD, event.currentTarget.value)
                            }
                          />
                          <Button
                            type="submit"
                            size="md"
                            disabled={submitting}
                            leftSection={
                              submitting ? <Loader size={16} color="gray" /> : <IconSend size={18} />
                            }
                          >
                            {submitting ? 'Enviando Cotización...' : 'Enviar Solicitud de Cotización'}
                          </Button>
                        </Stack>
                      </form>
                    </Card>
                  </Grid.Col>
                </Grid>
              </>
            )}
          </Container>
        </Box>
      </main>
      <PublicFooter />
    </>
  );
}
