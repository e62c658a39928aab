import { SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarCheck, IconClockHour4, IconHeadset, IconShieldCheck } from '@tabler/icons-react';
import classes from './login-marketing.module.css';

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

/**
 * Marketing column of the login page (spec doc 1 §2 "Login"). Interim content: the five-slide
 * carousel (4 s per slide) replaces this component.
 */
export function LoginMarketing({ companyName }: { companyName: string }) {
  return (
    <section className={classes.root} aria-label="Por qué elegirnos">
      <Stack gap="xl" maw={560}>
        <Stack gap="xs">
          <Text fw={600} tt="uppercase" fz="sm" style={{ letterSpacing: 1 }}>
            {companyName}
          </Text>
          <Title order={2} fz={40} lh={1.15} c="white">
            Sigue tu proyecto digital en tiempo real
          </Title>
          <Text fz="lg" opacity={0.9}>
            Más de 50 negocios ya gestionan sus proyectos, tickets y facturas desde nuestro portal de
            seguimiento.
          </Text>
        </Stack>
        <SimpleGrid cols={2} spacing="md">
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
      </Stack>
    </section>
  );
}
