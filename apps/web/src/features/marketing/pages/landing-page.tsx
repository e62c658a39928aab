import { APP_VERSION_LABEL } from '@agencia/shared/constants';
import {
  Badge,
  Box,
  Button,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowRight, IconBriefcase, IconLogin, IconRocket } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCompanyName } from '../../../lib/public-settings';

const SERVICES = [
  'Sitios web',
  'Automatización',
  'Marketing digital',
  'SEO',
  'E-commerce',
  'Branding',
  'Apps empresariales',
  'Consultoría digital',
  'Soporte y mantenimiento',
] as const;

/**
 * Public landing page (spec doc 1 §2 "Landing page"). Interim version with the essentials:
 * the full page (sections, service modal, testimonials) replaces it.
 */
export function LandingPage() {
  const companyName = useCompanyName();
  return (
    <>
      <Box
        component="header"
        py="md"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Container size="lg">
          <Group justify="space-between">
            <UnstyledButton component={Link} to="/" aria-label={`${companyName}, inicio`}>
              <Group gap="xs">
                <Text fw={800} size="lg">
                  {companyName}
                </Text>
                <Badge variant="light" size="sm" tt="none" style={{ flexShrink: 0 }}>
                  {APP_VERSION_LABEL}
                </Badge>
              </Group>
            </UnstyledButton>
            <Button component={Link} to="/login" leftSection={<IconLogin size={18} />}>
              Iniciar Sesión
            </Button>
          </Group>
        </Container>
      </Box>
      <main>
        <Container size="lg" py={{ base: 48, sm: 96 }}>
          <Stack gap="lg" maw={720}>
            <Badge variant="light" size="lg" leftSection={<IconRocket size={14} />}>
              Tu sitio listo en 15 días
            </Badge>
            <Title order={1} fz={{ base: 36, sm: 52 }} lh={1.1}>
              Hacemos crecer tu negocio en el mundo digital
            </Title>
            <Text size="lg" c="dimmed">
              Sitios web, automatización, marketing y tiendas en línea para pequeñas empresas de República
              Dominicana. Resultados en 30 días, garantía de devolución de 60 días y soporte 24/7.
            </Text>
            <Group>
              <Button component={Link} to="/login" size="lg" rightSection={<IconArrowRight size={18} />}>
                Obtener Propuesta Gratis
              </Button>
              <Button
                component={Link}
                to="/portfolio"
                size="lg"
                variant="default"
                leftSection={<IconBriefcase size={18} />}
              >
                Ver Portafolio
              </Button>
            </Group>
          </Stack>

          <Title order={2} size="h3" mt={72} mb="md">
            Servicios
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
            {SERVICES.map((service) => (
              <Group key={service} gap="sm" wrap="nowrap">
                <ThemeIcon variant="light" radius="xl" aria-hidden>
                  <IconArrowRight size={16} />
                </ThemeIcon>
                <Text fw={500}>{service}</Text>
              </Group>
            ))}
          </SimpleGrid>
        </Container>
      </main>
      <Box component="footer" py="lg" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
        <Container size="lg">
          <Text size="sm" c="dimmed">
            © 2025 {companyName} · Santo Domingo, República Dominicana
          </Text>
        </Container>
      </Box>
    </>
  );
}
