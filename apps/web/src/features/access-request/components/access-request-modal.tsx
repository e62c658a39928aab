import {
  ACCESS_REQUEST_MAX_FILE_BYTES,
  ACCESS_REQUEST_STEPS,
  type AccessRequestUploadField,
  accessRequestStepErrors,
  accessRequestStepOf,
  CreateAccessRequestSchema,
  HONEYPOT_FIELD,
} from '@agencia/shared';
import { Alert, Button, Group, List, Modal, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconArrowRight, IconCircleCheck, IconSend } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { zodResolver } from '../../../lib/form';
import { toastError } from '../../../lib/toast';
import { AccessRequestError, createAccessRequest } from '../api/create-access-request';
import { type AccessFormValues, initialAccessValues, missingFieldsText, STEP_TITLES } from './access-form';
import { type AccessFiles, DocumentsStep, ReviewStep } from './access-request-final-steps';
import { AddressStep, IdentificationStep, ProfileStep, ProjectStep } from './access-request-steps';

interface AccessRequestModalProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * Access-request modal (spec doc 1 §2, §4, §5): six real steps with a step/6 progress bar.
 * 'Continuar' is enabled only when the current step's gated fields are valid
 * (ACCESS_REQUEST_STEP_GATES, decision 021). Closing resets to step 1. Submits to
 * `POST /api/public/access-requests` with the optional documents.
 */
export function AccessRequestModal({ opened, onClose }: AccessRequestModalProps) {
  const isMobile = useMediaQuery('(max-width: 47.99em)') ?? false;
  const [step, setStep] = useState(1);
  const progressRef = useRef<HTMLDivElement>(null);
  const stepTitleRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  // A new step starts at its top: the modal body was scrolled down to reach 'Continuar', so
  // bring the progress bar back into view and move focus to the step's title (keyboard and
  // screen-reader users hear where they are). Not on opening: Mantine focuses the first field.
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    if (!opened) return;
    progressRef.current?.scrollIntoView({ block: 'start' });
    stepTitleRef.current?.focus({ preventScroll: true });
  }, [step, opened]);
  const [files, setFiles] = useState<AccessFiles>({});
  const [fileErrors, setFileErrors] = useState<Partial<Record<AccessRequestUploadField, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  // After sending: the reference and the email the confirmation went to (issue 32).
  const [sent, setSent] = useState<{ reference: string; email: string } | null>(null);
  const form = useForm<AccessFormValues>({
    mode: 'controlled',
    initialValues: initialAccessValues(),
    validate: zodResolver(CreateAccessRequestSchema),
    validateInputOnBlur: true,
  });
  const values = form.values;
  const stepErrors = accessRequestStepErrors(values, step);
  const canContinue = Object.keys(stepErrors).length === 0;

  const reset = () => {
    form.reset();
    setFiles({});
    setFileErrors({});
    setStep(1);
    setSent(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const next = () => {
    if (!canContinue) {
      for (const [field, message] of Object.entries(stepErrors)) form.setFieldError(field, message);
      return;
    }
    setStep((s) => Math.min(ACCESS_REQUEST_STEPS, s + 1));
  };

  const pickFile = (field: AccessRequestUploadField, file: File | null) => {
    if (file && file.size > ACCESS_REQUEST_MAX_FILE_BYTES) {
      setFileErrors((e) => ({ ...e, [field]: 'El archivo supera el tamaño máximo de 5 MB' }));
      setFiles((f) => ({ ...f, [field]: null }));
      return;
    }
    setFileErrors((e) => ({ ...e, [field]: undefined }));
    setFiles((f) => ({ ...f, [field]: file }));
  };

  const submit = async () => {
    const result = form.validate();
    if (result.hasErrors) {
      // A field of an earlier step fails (e.g. its rules changed after leaving it): go there
      // so the visitor sees the message instead of a button that does nothing.
      const steps = Object.keys(result.errors)
        .map(accessRequestStepOf)
        .filter((s): s is number => s !== undefined);
      const target = Math.min(...steps, step);
      if (target !== step) {
        setStep(target);
        toastError('Revisa tus datos', `Hay un campo por corregir en el paso ${target}.`);
      }
      return;
    }
    if (!canContinue) return;
    setSubmitting(true);
    try {
      const { reference } = await createAccessRequest(values, files);
      // Ends on a confirmation the visitor can read and note down, not a passing toast.
      setSent({ reference, email: values.primaryEmail });
    } catch (error) {
      for (const fieldError of error instanceof AccessRequestError ? error.errors : [])
        form.setFieldError(fieldError.field, fieldError.message);
      toastError('Error', 'No se pudo enviar la solicitud. Intenta nuevamente.');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      size="xl"
      fullScreen={isMobile}
      radius={isMobile ? 0 : 'md'}
      title={
        <Text component="span" fw={700} size="lg">
          Solicitud de acceso al portal
        </Text>
      }
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {sent ? (
        <SentConfirmation reference={sent.reference} email={sent.email} onClose={close} />
      ) : (
        <Stack gap="md">
          <div ref={progressRef}>
            <Group justify="space-between" mb={6}>
              <Text size="sm" fw={600}>
                Paso {step} de {ACCESS_REQUEST_STEPS}: {STEP_TITLES[step - 1]}
              </Text>
              <Text size="sm" c="dimmed">
                {Math.round((step / ACCESS_REQUEST_STEPS) * 100)}%
              </Text>
            </Group>
            <Progress
              value={(step / ACCESS_REQUEST_STEPS) * 100}
              aria-label={`Progreso: paso ${step} de ${ACCESS_REQUEST_STEPS}`}
            />
          </div>

          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (step < ACCESS_REQUEST_STEPS) next();
              else void submit();
            }}
          >
            <Stack gap="sm">
              <Title order={2} size="h4" ref={stepTitleRef} tabIndex={-1} style={{ outline: 'none' }}>
                {STEP_TITLES[step - 1]}
              </Title>

              {step === 1 && <IdentificationStep form={form} />}
              {step === 2 && <ProjectStep form={form} />}
              {step === 3 && <AddressStep form={form} />}
              {step === 4 && <ProfileStep form={form} />}
              {step === 5 && (
                <DocumentsStep form={form} files={files} fileErrors={fileErrors} pickFile={pickFile} />
              )}
              {step === 6 && <ReviewStep form={form} files={files} />}

              <input
                type="text"
                name={HONEYPOT_FIELD}
                tabIndex={-1}
                autoComplete="off"
                aria-hidden="true"
                style={{ position: 'absolute', left: '-10000px', width: 1, height: 1, opacity: 0 }}
                value={values[HONEYPOT_FIELD]}
                onChange={(event) => form.setFieldValue(HONEYPOT_FIELD, event.currentTarget.value)}
              />

              <Group justify="space-between" mt="md">
                <Button
                  variant="default"
                  leftSection={<IconArrowLeft size={18} />}
                  onClick={() => setStep((s) => Math.max(1, s - 1))}
                  disabled={step === 1}
                >
                  Atrás
                </Button>
                {step < ACCESS_REQUEST_STEPS ? (
                  <Button
                    type="submit"
                    rightSection={<IconArrowRight size={18} />}
                    disabled={!canContinue}
                    aria-describedby={canContinue ? undefined : 'access-missing'}
                  >
                    Continuar
                  </Button>
                ) : (
                  <Button
                    type="submit"
                    leftSection={<IconSend size={18} />}
                    disabled={!canContinue}
                    aria-describedby={canContinue ? undefined : 'access-missing'}
                    loading={submitting}
                  >
                    Enviar Solicitud
                  </Button>
                )}
              </Group>
              {!canContinue && (
                // A disabled button says nothing by itself: name what still blocks this step.
                <Text id="access-missing" size="sm" c="dimmed" ta="right" aria-live="polite">
                  Para continuar, completa o corrige: {missingFieldsText(stepErrors)}.
                </Text>
              )}
            </Stack>
          </form>
        </Stack>
      )}
    </Modal>
  );
}

/**
 * The end of the access request: what was received, its reference and what happens next (the
 * same confirmation goes by email, see `createAccessRequest` in the API). Texts of the former
 * toast (spec doc 1 §8) head it.
 */
function SentConfirmation({
  reference,
  email,
  onClose,
}: {
  reference: string;
  email: string;
  onClose: () => void;
}) {
  return (
    <Stack gap="md" align="center" ta="center" py="md">
      <ThemeIcon size={56} radius="xl" color="green" variant="light">
        <IconCircleCheck size={34} />
      </ThemeIcon>
      <Title order={2} size="h3">
        Solicitud enviada
      </Title>
      <Text>Te contactaremos dentro de 24 horas para comenzar tu proyecto</Text>
      {reference && (
        <Alert color="blue" variant="light" w="100%" title="Número de referencia">
          <Text fw={700} size="lg" ff="monospace" data-testid="access-reference">
            {reference}
          </Text>
          <Text size="sm">Anótalo: te servirá si nos escribes sobre tu solicitud.</Text>
        </Alert>
      )}
      <Stack gap={4} w="100%" ta="left">
        <Text fw={600}>¿Qué sigue?</Text>
        <List size="sm" spacing={4}>
          <List.Item>Te enviamos esta confirmación a {email}.</List.Item>
          <List.Item>Nuestro equipo revisará tu solicitud y te contactará.</List.Item>
          <List.Item>
            Si la aprobamos, recibirás en ese correo un link para crear tu cuenta en el portal.
          </List.Item>
        </List>
      </Stack>
      <Button onClick={onClose}>Entendido</Button>
    </Stack>
  );
}
