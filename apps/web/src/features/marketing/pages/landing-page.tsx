import {
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import {
  IconArrowRight,
  IconBriefcase,
  IconBuildingStore,
  IconCalendarCheck,
  IconCheck,
  IconClock,
  IconDeviceMobile,
  IconHeadset,
  IconMail,
  IconRocket,
  IconShieldCheck,
  IconStarFilled,
  IconTrendingUp,
  IconUsersGroup,
} from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { PublicFooter } from '../components/public-footer';
import { PublicHeader, useGoToSection } from '../components/public-header';
import { ResponsiveImage } from '../components/responsive-image';
import { SERVICES, type ServiceSummary } from '../data/services';
import { initials, TESTIMONIALS } from '../data/testimonials';
import { usePageMeta } from '../lib/page-meta';
import { scheduleHashScroll } from '../lib/scroll';
import { restoreSectionHash, sectionFromState } from '../lib/section-hash';
import classes from './landing-page.module.css';

/** The service modal (and its gallery) loads only when a card is opened. */
const ServiceModal = lazy(() =>
  import('../components/service-modal').then((m) => ({ default: m.ServiceModal })),
);

/** Landing claims of spec doc 1 §1. */
const HERO_CLAIMS = [
  { icon: IconRocket, text: 'Tu sitio listo en 15 días' },
  { icon: IconTrendingUp, text: 'Resultados en 30 días' },
  { icon: IconShieldCheck, text: 'Garantía de devolución de 60 días' },
  { icon: IconHeadset, text: 'Soporte 24/7' },
] as const;

const FEATURES = [
  {
    icon: IconRocket,
    title: 'Entrega rápida',
    text: 'Tu sitio listo en 15 días, con resultados medibles en 30 días.',
  },
  {
    icon: IconShieldCheck,
    title: 'Garantía de 60 días',
    text: 'Si no estás satisfecho en los primeros 60 días, te devolvemos tu dinero.',
  },
  {
    icon: IconHeadset,
    title: 'Soporte 24/7',
    text: 'Te atendemos por WhatsApp, correo y el portal cuando lo necesites.',
  },
  {
    icon: IconDeviceMobile,
    title: 'Pensado para celulares',
    text: 'Cada proyecto se diseña primero para el teléfono, donde están tus clientes.',
  },
  {
    icon: IconUsersGroup,
    title: 'Portal de seguimiento',
    text: 'Sigue el avance de tu proyecto, tus tickets y tus facturas en un solo lugar.',
  },
  {
    icon: IconBuildingStore,
    title: 'Hecho para negocios locales',
    text: 'Pagos locales, WhatsApp y SEO para búsquedas en República Dominicana.',
  },
] as const;

/** Stats of spec doc 1 §1. */
const STATS = [
  { value: '85%', label: 'de los consumidores busca en internet antes de comprar' },
  { value: '300%', label: 'más consultas con una presencia digital profesional' },
  { value: '75%', label: 'de las personas juzga la credibilidad de un negocio por su sitio web' },
  { value: '24/7', label: 'tu negocio abierto y vendiendo a toda hora' },
] as const;

/**
 * Public landing `/` (spec doc 1 §2): sections hero, services, features, stats, testimonials,
 * urgency, cta, footer, in that order; the URL hash scrolls to its section after ≈100 ms.
 */
export function LandingPage() {
  const location = useLocation();
  const goToSection = useGoToSection();
  const [selected, setSelected] = useState<ServiceSummary | null>(null);
  const [modalLoaded, setModalLoaded] = useState(false);

  usePageMeta(
    'Agencia Digital RD · Sitios web, automatización y marketing digital',
    'Sitios web, automatización, marketing digital, SEO y tiendas en línea para negocios de República Dominicana. Tu sitio listo en 15 días, garantía de 60 días y soporte 24/7.',
  );

  // A section asked for in the navigation state (decision 028): put `#section` back in the URL
  // without a router navigation (that would jump) and scroll there smoothly after ≈100 ms.
  const stateSection = sectionFromState(location.state);
  useEffect(() => {
    if (!stateSection) return scheduleHashScroll(location.hash);
    restoreSectionHash(stateSection);
    return scheduleHashScroll(`#${stateSection}`);
  }, [location.hash, stateSection]);

  const openService = (service: ServiceSummary) => {
    setModalLoaded(true);
    setSelected(service);
  };

  return (
    <>
      <PublicHeader />
      <main>
        <Box component="section" id="hero" className={classes.hero} aria-labelledby="hero-title">
          <Container size="lg">
            <Stack gap="lg" maw={760}>
              <Badge variant="light" size="lg" leftSection={<IconRocket size={14} />} tt="none">
                Más de 20 clientes confían en nosotros
              </Badge>
              <Title id="hero-title" order={1} fz={{ base: 34, sm: 52 }} lh={1.1}>
                Hacemos crecer tu negocio en el mundo digital
              </Title>
              <Text size="lg" c="dimmed">
                Sitios web, automatización, marketing y tiendas en línea para pequeñas empresas de República
                Dominicana.
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
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt="sm">
                {HERO_CLAIMS.map(({ icon: Icon, text }) => (
                  <Group key={text} gap="xs" wrap="nowrap">
                    <ThemeIcon variant="light" radius="xl" size="md" aria-hidden>
                      <Icon size={16} />
                    </ThemeIcon>
                    <Text fw={600} size="sm">
                      {text}
                    </Text>
                  </Group>
                ))}
              </SimpleGrid>
            </Stack>
          </Container>
        </Box>

        <Box component="section" id="services" className={classes.section} aria-labelledby="services-title">
          <Container size="lg">
            <Stack gap={4} mb="xl" ta="center" align="center">
              <Title id="services-title" order={2}>
                Servicios Digitales
              </Title>
              <Text c="dimmed" maw={620}>
                Todo lo que tu negocio necesita para vender en internet. Toca un servicio para ver los
                detalles, la galería y solicitar tu cotización.
              </Text>
            </Stack>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
              {SERVICES.map((service) => (
                <UnstyledButton
                  key={service.id}
                  className={classes.cardButton}
                  onClick={() => openService(service)}
                  data-service-id={service.id}
                >
                  <Card withBorder radius="md" padding="lg" className={classes.card}>
                    <Card.Section>
                      <ResponsiveImage
                        src={service.images[0]}
                        alt=""
                        sizes="(max-width: 767px) 100vw, (max-width: 1199px) 50vw, 360px"
                      />
                    </Card.Section>
                    <Group justify="space-between" mt="md" mb={4} wrap="nowrap" align="flex-start">
                      <Title order={3} size="h4">
                        {service.title}
                      </Title>
                    </Group>
                    <Text size="sm" c="dimmed" style={{ flex: 1 }}>
                      {service.description}
                    </Text>
                    <Group justify="space-between" mt="md">
                      <Text fw={700} c="var(--mantine-primary-color-filled)">
                        Desde {service.price}
                      </Text>
                      <Group gap={4}>
                        <IconClock size={14} aria-hidden />
                        <Text size="sm">{service.deliveryTime}</Text>
                      </Group>
                    </Group>
                  </Card>
                </UnstyledButton>
              ))}
              <Card withBorder radius="md" padding="lg" className={classes.card}>
                <ThemeIcon size={48} radius="md" variant="light" aria-hidden>
                  <IconUsersGroup size={26} />
                </ThemeIcon>
                <Title order={3} size="h4" mt="md">
                  Nosotros
                </Title>
                <Text size="sm" c="dimmed" mt={4} style={{ flex: 1 }}>
                  Somos un equipo dominicano de diseñadores, desarrolladores y especialistas en marketing que
                  ayuda a pequeñas empresas a crecer en internet con resultados medibles.
                </Text>
                <Button variant="light" mt="md" onClick={() => goToSection('testimonials')}>
                  Ver testimonios
                </Button>
              </Card>
              <Card withBorder radius="md" padding="lg" className={classes.card}>
                <ThemeIcon size={48} radius="md" variant="light" aria-hidden>
                  <IconMail size={26} />
                </ThemeIcon>
                <Title order={3} size="h4" mt="md">
                  Contacto
                </Title>
                <Text size="sm" c="dimmed" mt={4} style={{ flex: 1 }}>
                  ¿Tienes preguntas? Escríbenos por WhatsApp o por correo y te respondemos en menos de 24
                  horas.
                </Text>
                <Button variant="light" mt="md" onClick={() => goToSection('footer')}>
                  Ver datos de contacto
                </Button>
              </Card>
            </SimpleGrid>
          </Container>
        </Box>

        <Box
          component="section"
          id="features"
          className={`${classes.section} ${classes.alt}`}
          aria-labelledby="features-title"
        >
          <Container size="lg">
            <Title id="features-title" order={2} ta="center" mb="xl">
              Características
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xl">
              {FEATURES.map(({ icon: Icon, title, text }) => (
                <Stack key={title} gap="xs">
                  <ThemeIcon size={44} radius="md" aria-hidden>
                    <Icon size={24} />
                  </ThemeIcon>
                  <Title order={3} size="h4">
                    {title}
                  </Title>
                  <Text c="dimmed" size="sm">
                    {text}
                  </Text>
                </Stack>
              ))}
            </SimpleGrid>
          </Container>
        </Box>

        <Box component="section" id="stats" className={classes.section} aria-labelledby="stats-title">
          <Container size="lg">
            <Title id="stats-title" order={2} ta="center" mb="xl">
              Estadísticas
            </Title>
            <SimpleGrid cols={{ base: 2, md: 4 }} spacing="lg">
              {STATS.map(({ value, label }) => (
                <Paper key={value} withBorder radius="md" p="lg" ta="center">
                  <Text fz={40} fw={800} c="var(--mantine-primary-color-filled)" lh={1.1}>
                    {value}
                  </Text>
                  <Text size="sm" mt="xs">
                    {label}
                  </Text>
                </Paper>
              ))}
            </SimpleGrid>
          </Container>
        </Box>

        <Box
          component="section"
          id="testimonials"
          className={`${classes.section} ${classes.alt}`}
          aria-labelledby="testimonials-title"
        >
          <Container size="lg">
            <Title id="testimonials-title" order={2} ta="center" mb="xl">
              Testimonios
            </Title>
            <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
              {TESTIMONIALS.map((t) => (
                <Paper key={t.name} withBorder radius="md" p="lg" component="figure" m={0}>
                  <Group gap={2} aria-label={`${t.rating} de 5 estrellas`} role="img">
                    {['1', '2', '3', '4', '5'].slice(0, t.rating).map((star) => (
                      <IconStarFilled
                        key={star}
                        size={16}
                        color="var(--mantine-color-yellow-7)"
                        aria-hidden
                      />
                    ))}
                  </Group>
                  <Text component="blockquote" m={0} mt="sm" size="sm">
                    “{t.content}”
                  </Text>
                  <Group component="figcaption" mt="md" gap="sm">
                    {t.avatar ? (
                      <img
                        src={t.avatar}
                        alt={t.name}
                        width={38}
                        height={38}
                        style={{ borderRadius: '50%' }}
                      />
                    ) : (
                      <ThemeIcon size={38} radius="xl" variant="light" aria-hidden>
                        <Text fw={700} size="sm">
                          {initials(t.name)}
                        </Text>
                      </ThemeIcon>
                    )}
                    <div>
                      <Text fw={700} size="sm">
                        {t.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t.role}, {t.company}
                      </Text>
                    </div>
                  </Group>
                </Paper>
              ))}
            </SimpleGrid>
          </Container>
        </Box>

        <Box component="section" id="urgency" className={classes.section} aria-labelledby="urgency-title">
          <Container size="md">
            <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }}>
              <Title id="urgency-title" order={2} mb="sm">
                ¿Por qué ahora?
              </Title>
              <Text mb="md">
                Cada día sin presencia digital es un cliente que encuentra primero a tu competencia. Empezar
                hoy significa:
              </Text>
              <List
                spacing="xs"
                icon={
                  <ThemeIcon size={22} radius="xl" color="green" aria-hidden>
                    <IconCheck size={14} />
                  </ThemeIcon>
                }
              >
                <List.Item>Tu sitio publicado en 15 días y los primeros resultados en 30.</List.Item>
                <List.Item>60 días de garantía de devolución: no arriesgas tu inversión.</List.Item>
                <List.Item>Soporte 24/7 desde el primer día.</List.Item>
              </List>
            </Paper>
          </Container>
        </Box>

        <Box
          component="section"
          id="cta"
          className={`${classes.section} ${classes.cta}`}
          aria-labelledby="cta-title"
        >
          <Container size="md" ta="center">
            <Title id="cta-title" order={2} c="white">
              Comienza hoy tu transformación digital
            </Title>
            <Text mt="sm" mb="lg" c="white" opacity={0.9}>
              Cuéntanos tu idea y recibe una propuesta gratis en menos de 24 horas.
            </Text>
            <Button
              component={Link}
              to="/login"
              size="lg"
              variant="white"
              color="dark"
              leftSection={<IconCalendarCheck size={18} />}
            >
              Comenzar Ahora
            </Button>
          </Container>
        </Box>
      </main>
      <PublicFooter />

      {modalLoaded && (
        <Suspense fallback={null}>
          <ServiceModal service={selected} onClose={() => setSelected(null)} />
        </Suspense>
      )}
    </>
  );
}
