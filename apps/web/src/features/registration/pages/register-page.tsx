import {
  CLIENT_TYPE_LABELS,
  PASSWORD_MIN_LENGTH,
  type RegisterRequest,
  RegisterRequestSchema,
  type RegistrationInfo,
  type Session,
} from '@agencia/shared';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Container,
  Group,
  Loader,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  apiClient,
  getErrorMessage,
  getErrorStatus,
  type SuccessEnvelope,
  unwrap,
} from '../../../lib/api-client';
import { zodResolver } from '../../../lib/form';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useSessionStore } from '../../../stores/session-store';

interface Values {
  firstName: string;
  lastName: string;
  phone: string;
  companyName: string;
  rnc: string;
  cedula: string;
  password: string;
  confirmPassword: string;
}

/**
 * /register/{token} (public): an invited client completes the account with names, phone,
 * password and the company's RNC or the person's cédula (check digits validated), then lands
 * signed in on the dashboard. Invalid, used or expired links show why.
 */
export function RegisterPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const login = useSessionStore((s) => s.login);
  const info = useQuery({
    queryKey: ['register', token],
    queryFn: () =>
      unwrap(apiClient.get<SuccessEnvelope<RegistrationInfo>>(`/auth/register/${encodeURIComponent(token)}`)),
    retry: false,
  });
  const type = info.data?.clientType ?? 'company';
  const form = useForm<Values>({
    initialValues: {
      firstName: '',
      lastName: '',
      phone: '',
      companyName: '',
      rnc: '',
      cedula: '',
      password: '',
      confirmPassword: '',
    },
    validate: (v) => {
      const errors = zodResolver(RegisterRequestSchema)({ ...v, clientType: type } as never) as Record<
        string,
        string
      >;
      if (v.confirmPassword !== v.password) errors.confirmPassword = 'Las contraseñas no coinciden';
      return errors;
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: prefill once the link is known
  useEffect(() => {
    const p = info.data?.prefill;
    if (!p) return;
    form.setValues({
      firstName: p.firstName ?? '',
      lastName: p.lastName ?? '',
      phone: p.phone ?? '',
      companyName: p.companyName ?? info.data?.companyName ?? '',
      rnc: p.rnc ?? '',
      cedula: p.cedula ?? '',
    });
  }, [info.data]);

  const register = useMutation({
    mutationFn: (body: RegisterRequest) =>
      unwrap(apiClient.post<SuccessEnvelope<Session>>(`/auth/register/${encodeURIComponent(token)}`, body)),
    retry: false,
  });

  const submit = form.onSubmit(async (v) => {
    const { confirmPassword: _c, ...rest } = v;
    const body: RegisterRequest =
      type === 'company'
        ? {
            clientType: 'company',
            firstName: rest.firstName,
            lastName: rest.lastName,
            phone: rest.phone,
            password: rest.password,
            companyName: rest.companyName,
            rnc: rest.rnc,
          }
        : {
            clientType: 'individual',
            firstName: rest.firstName,
            lastName: rest.lastName,
            phone: rest.phone,
            password: rest.password,
            cedula: rest.cedula,
          };
    try {
      const session = await register.mutateAsync(body);
      login({ user: session.user, token: session.token });
      toastSuccess('¡Bienvenido!', 'Tu cuenta fue creada correctamente');
      navigate('/dashboard', { replace: true });
    } catch (error) {
      toastError('Error', getErrorMessage(error, 'No se pudo completar el registro'));
    }
  });

  return (
    <main>
      <Container size={560} py={{ base: 'lg', sm: 60 }}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1} size="h2">
              Completa tu registro
            </Title>
            <Text c="dimmed">Crea tu cuenta para seguir tus proyectos, soporte y facturas.</Text>
          </Stack>
          {info.isLoading ? (
            <Center py="xl">
              <Loader aria-label="Validando el link" />
            </Center>
          ) : info.isError ? (
            <Alert color="red" icon={<IconAlertTriangle />} title="Link no disponible">
              {getErrorStatus(info.error) === 404
                ? 'El link de registro no es válido. Verifica que lo copiaste completo.'
                : getErrorMessage(info.error, 'No se pudo validar el link de registro')}
              <Text size="sm" mt="xs">
                Pide a la agencia un nuevo link o{' '}
                <Anchor component={Link} to="/login">
                  inicia sesión
                </Anchor>{' '}
                si ya tienes cuenta.
              </Text>
            </Alert>
          ) : (
            <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
              <form onSubmit={submit} noValidate>
                <Stack>
                  <Group justify="space-between">
                    <Text size="sm">
                      <Text span c="dimmed">
                        Email:{' '}
                      </Text>
                      <Text span fw={600}>
                        {info.data?.email}
                      </Text>
                    </Text>
                    <Badge variant="light">{CLIENT_TYPE_LABELS[type]}</Badge>
                  </Group>
                  {info.data?.joinsExistingClient && info.data.companyName && (
                    <Text size="sm" c="dimmed">
                      Te unirás a la cuenta de {info.data.companyName}.
                    </Text>
                  )}
                  <SimpleGrid cols={{ base: 1, xs: 2 }}>
                    <TextInput
                      label="Nombre"
                      required
                      autoComplete="given-name"
                      {...form.getInputProps('firstName')}
                    />
                    <TextInput
                      label="Apellido"
                      required
                      autoComplete="family-name"
                      {...form.getInputProps('lastName')}
                    />
                  </SimpleGrid>
                  <TextInput
                    label="Teléfono"
                    required
                    type="tel"
                    autoComplete="tel"
                    placeholder="809-555-0000"
                    {...form.getInputProps('phone')}
                  />
                  {type === 'company' ? (
                    <>
                      <TextInput
                        label="Nombre de la empresa"
                        required
                        autoComplete="organization"
                        {...form.getInputProps('companyName')}
                      />
                      <TextInput
                        label="RNC"
                        required
                        placeholder="1-31-85542-7"
                        description="9 dígitos"
                        {...form.getInputProps('rnc')}
                      />
                    </>
                  ) : (
                    <TextInput
                      label="Cédula"
                      required
                      placeholder="001-1234567-8"
                      description="11 dígitos"
                      {...form.getInputProps('cedula')}
                    />
                  )}
                  <PasswordInput
                    label="Contraseña"
                    required
                    autoComplete="new-password"
                    description={`Al menos ${PASSWORD_MIN_LENGTH} caracteres`}
                    {...form.getInputProps('password')}
                  />
                  <PasswordInput
                    label="Confirmar contraseña"
                    required
                    autoComplete="new-password"
                    {...form.getInputProps('confirmPassword')}
                  />
                  <Button type="submit" loading={register.isPending} fullWidth mt="sm">
                    Crear mi cuenta
                  </Button>
                </Stack>
              </form>
            </Paper>
          )}
        </Stack>
      </Container>
    </main>
  );
}
