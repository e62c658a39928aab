import { SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { useMediaQuery, useReducedMotion } from '@mantine/hooks';
import {
  IconBuildingStore,
  IconCalendarCheck,
  IconChartLine,
  IconClockHour4,
  IconDeviceDesktopAnalytics,
  IconHeadset,
  IconSchool,
  IconShieldCheck,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import classes from './login-marketing.module.css';

/** Login claims of spec doc 1 §1. */
const CLAIMS = [
  {
    icon: IconCalendarCheck,
    title: 'Entrega en 30 días',
    text: 'Tu proyecto listo y funcionando en un mes.',
  },
  {
    icon: IconClockHour4,
    title: 'Respuesta en 24 horas',
    text: 'Atendemos cada consulta en menos de un día.',
  },
  {
    icon: IconShieldCheck,
    title: 'Garantía de devolución',
    text: 'Si no cumplimos lo acordado, te devolvemos tu dinero.',
  },
  {
    icon: IconHeadset,
    title: 'Soporte de por vida',
    text: 'Capacitación incluida y acompañamiento continuo.',
  },
] as const;

/** The five slides of the login carousel (spec doc 1 §2 "Login"). */
export const LOGIN_SLIDES = [
  {
    icon: IconBuildingStore,
    title: 'Más de 50 negocios confían en nosotros',
    text: 'Colmados, hoteles, ferreterías y profesionales de todo el país ya venden más con su presencia digital.',
  },
  {
    icon: IconDeviceDesktopAnalytics,
    title: 'Portal de seguimiento',
    text: 'Mira el avance de tu proyecto, aprueba entregas y descarga tus facturas cuando quieras.',
  },
  {
    icon: IconCalendarCheck,
    title: 'Entrega en 30 días',
    text: 'Un plan claro por etapas con fechas que cumplimos, o te devolvemos tu dinero.',
  },
  {
    icon: IconSchool,
    title: 'Capacitación incluida',
    text: 'Te enseñamos a administrar tu sitio y tus herramientas para que no dependas de nadie.',
  },
  {
    icon: IconChartLine,
    title: 'Soporte de por vida',
    text: 'Respuesta en 24 horas y acompañamiento continuo para que tu negocio siga creciendo.',
  },
] as const;
/** Slide interval in ms (spec doc 1 §9). */
export const LOGIN_CAROUSEL_INTERVAL_MS = 4000;

/**
 * Five slides, one every 4 s, clickable dots. Mounted only at ≥ 1024 px. It stands still under
 * `prefers-reduced-motion` and pauses while hovered or focused (WCAG 2.2.2, decision 108); the
 * slide is announced only when it does not change by itself.
 */
function LoginCarousel() {
  const [active, setActive] = useState(0);
  const reduceMotion = useReducedMotion();
  const [paused, setPaused] = useState(false);
  const rotating = !reduceMotion && !paused;
  // Restart the 4 s timer after every change, so a clicked dot gets its full interval.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `active` restarts the timer on purpose.
  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(
      () => setActive((i) => (i + 1) % LOGIN_SLIDES.length),
      LOGIN_CAROUSEL_INTERVAL_MS,
    );
    return () => window.clearTimeout(timer);
  }, [active, rotating]);
  const slide = LOGIN_SLIDES[active]!;
  const Icon = slide.icon;
  return (
    <section
      className={classes.carousel}
      aria-roledescription="carrusel"
      aria-label="Beneficios"
      data-testid="login-carousel"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setPaused(false);
      }}
    >
      <div className={classes.slide} aria-live={rotating ? 'off' : 'polite'} data-slide={active}>
        <ThemeIcon variant="white" size={44} radius="md" aria-hidden>
          <Icon size={24} />
        </ThemeIcon>
        <div>
          <Text fw={700} fz="lg">
            {slide.title}
          </Text>
          <Text fz="sm" opacity={0.9}>
            {slide.text}
          </Text>
        </div>
      </div>
      <div className={classes.dots}>
        {LOGIN_SLIDES.map((s, i) => (
          <UnstyledButton
            key={s.title}
            className={classes.dot}
            data-active={i === active || undefined}
            aria-label={`Ir a la diapositiva ${i + 1}`}
            aria-current={i === active}
            onClick={() => setActive(i)}
          />
        ))}
      </div>
    </section>
  );
}

/**
 * Marketing column of the login page (spec doc 1 §2 "Login"): the login claims of §1 (beside
 * the form at ≥ 1024 px, below it on smaller screens) and the five-slide carousel (≥ 1024 px only).
 */
export function LoginMarketing({ companyName }: { companyName: string }) {
  const isDesktop = useMediaQuery('(min-width: 64em)') ?? false;
  return (
    <section className={classes.root} aria-label="Por qué elegirnos">
      <Stack gap="xl" maw={560}>
        <Stack gap="xs">
          <Text fw={600} tt="uppercase" fz="sm" style={{ letterSpacing: 1 }}>
            {companyName}
          </Text>
          <Title order={2} lh={1.15} c="white" className={classes.title}>
            Sigue tu proyecto digital en tiempo real
          </Title>
          <Text fz="lg" opacity={0.9}>
            Más de 50 negocios ya gestionan sus proyectos, tickets y facturas desde nuestro portal de
            seguimiento.
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          {CLAIMS.map(({ icon: Icon, title, text }) => (
            <div key={title} className={classes.claim}>
              <ThemeIcon variant="white" size="lg" radius="md" mb="xs" aria-hidden>
                <Icon size={20} />
              </ThemeIcon>
              <Text fw={700}>{title}</Text>
              <Text fz="sm" opacity={0.9}>
                {text}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        {isDesktop && <LoginCarousel />}
      </Stack>
    </section>
  );
}
