import { Anchor, Box, Container, List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PublicFooter } from '../components/public-footer';
import { PublicHeader } from '../components/public-header';
import { GENERAL_WHATSAPP_MESSAGE, mailtoLink, whatsappLink } from '../data/contact';
import { useContact } from '../lib/contact';
import { usePageMeta } from '../lib/page-meta';
import classes from './landing-page.module.css';

export type LegalDoc = 'terminos' | 'privacidad' | 'soporte';

const TITLES: Record<LegalDoc, { title: string; description: string }> = {
  terminos: {
    title: 'Términos y condiciones',
    description: 'Condiciones de uso del sitio y del portal de clientes de Agencia Digital RD.',
  },
  privacidad: {
    title: 'Política de privacidad',
    description: 'Cómo Agencia Digital RD recoge, usa y protege tus datos personales (Ley 172-13).',
  },
  soporte: {
    title: 'Soporte',
    description: 'Canales y horarios de soporte para clientes de Agencia Digital RD.',
  },
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Title order={2} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function Terms() {
  return (
    <>
      <Section title="1. Objeto">
        <Text>
          Estos términos regulan el uso del sitio web y del portal de clientes. Al solicitar una cotización o
          acceso al portal aceptas estas condiciones.
        </Text>
      </Section>
      <Section title="2. Cotizaciones y propuestas">
        <Text>
          Los precios publicados son referenciales («Desde») y en dólares estadounidenses. Cada proyecto
          recibe una propuesta personalizada que detalla alcance, plazos y forma de pago; solo esa propuesta,
          aceptada por escrito, obliga a las partes.
        </Text>
      </Section>
      <Section title="3. Garantía de devolución">
        <Text>
          Durante los primeros 60 días desde la entrega, si el proyecto no cumple el alcance acordado y no lo
          corregimos en un plazo razonable, devolvemos el importe pagado por ese entregable.
        </Text>
      </Section>
      <Section title="4. Portal de clientes">
        <List spacing={4}>
          <List.Item>
            Tu cuenta es personal; protege tu contraseña y cierra sesión en equipos compartidos.
          </List.Item>
          <List.Item>
            Los documentos y mensajes del portal forman parte de la comunicación oficial del proyecto.
          </List.Item>
          <List.Item>Podemos suspender cuentas usadas de forma abusiva o fraudulenta.</List.Item>
        </List>
      </Section>
      <Section title="5. Propiedad intelectual">
        <Text>
          Al completar el pago, el cliente recibe los derechos sobre los diseños y contenidos creados para su
          proyecto; las herramientas y componentes de terceros conservan sus propias licencias.
        </Text>
      </Section>
      <Section title="6. Ley aplicable">
        <Text>Estos términos se rigen por las leyes de la República Dominicana.</Text>
      </Section>
    </>
  );
}

function Privacy() {
  return (
    <>
      <Section title="Datos que recogemos">
        <Text>
          Los datos que nos das en los formularios de cotización y de solicitud de acceso (nombre, contacto,
          cédula o RNC, dirección, información del proyecto y los documentos que adjuntes), y los datos de uso
          del portal necesarios para prestarte el servicio.
        </Text>
      </Section>
      <Section title="Para qué los usamos">
        <List spacing={4}>
          <List.Item>Preparar tu cotización y contactarte dentro de 24 horas.</List.Item>
          <List.Item>Crear y administrar tu cuenta de cliente, tus proyectos, tickets y facturas.</List.Item>
          <List.Item>Enviarte comunicaciones comerciales solo si lo autorizaste.</List.Item>
        </List>
      </Section>
      <Section title="Conservación y seguridad">
        <Text>
          Guardamos tus datos en servidores con acceso restringido, cifrado en tránsito y contraseñas
          protegidas con algoritmos de resumen seguros. Conservamos las solicitudes que no se convierten en
          clientes por un máximo de 12 meses.
        </Text>
      </Section>
      <Section title="Tus derechos">
        <Text>
          Conforme a la Ley 172-13 de protección de datos personales, puedes pedir acceso, rectificación o
          eliminación de tus datos escribiéndonos desde la página de soporte.
        </Text>
      </Section>
    </>
  );
}

function Support() {
  const { whatsapp, email } = useContact();
  return (
    <>
      <Section title="Canales de soporte">
        <List spacing={4}>
          <List.Item>
            WhatsApp:{' '}
            <Anchor
              href={whatsappLink(whatsapp, GENERAL_WHATSAPP_MESSAGE)}
              target="_blank"
              rel="noopener noreferrer"
            >
              escríbenos
            </Anchor>{' '}
            (respuesta en menos de 24 horas, soporte 24/7 para incidencias críticas).
          </List.Item>
          <List.Item>
            Correo: <Anchor href={mailtoLink(email)}>{email}</Anchor>
          </List.Item>
          <List.Item>
            Clientes: abre un ticket desde el{' '}
            <Anchor component={Link} to="/login">
              portal de clientes
            </Anchor>{' '}
            para dar seguimiento a cada solicitud.
          </List.Item>
        </List>
      </Section>
      <Section title="Horario">
        <Text>Lunes a viernes de 8:00 a 18:00 y sábados de 9:00 a 13:00 (hora de Santo Domingo).</Text>
      </Section>
      <Section title="¿Aún no eres cliente?">
        <Text>
          Solicita tu acceso desde la página de{' '}
          <Anchor component={Link} to="/login">
            inicio de sesión
          </Anchor>{' '}
          («Nuevo cliente?») o pide una{' '}
          <Anchor component={Link} to="/quote">
            cotización
          </Anchor>
          .
        </Text>
      </Section>
    </>
  );
}

/** `/terminos`, `/privacidad`, `/soporte`: the login footer's Terms, Privacy and Support pages. */
export function LegalPage({ doc }: { doc: LegalDoc }) {
  const { title, description } = TITLES[doc];
  usePageMeta(`${title} · Agencia Digital RD`, description);
  return (
    <>
      <PublicHeader />
      <main>
        <Box component="section" className={classes.hero} pb={48}>
          <Container size="md">
            <Title order={1}>{title}</Title>
            <Text c="dimmed" mt="xs">
              Última actualización: 1 de enero de 2025
            </Text>
          </Container>
        </Box>
        <Container size="md" py={48}>
          <Stack gap="lg">
            {doc === 'terminos' && <Terms />}
            {doc === 'privacidad' && <Privacy />}
            {doc === 'soporte' && <Support />}
          </Stack>
        </Container>
      </main>
      <PublicFooter />
    </>
  );
}

/** One route component per document (module-level, so React keeps them stable). */
export const LEGAL_PAGES: Record<LegalDoc, () => ReactNode> = {
  terminos: () => <LegalPage doc="terminos" />,
  privacidad: () => <LegalPage doc="privacidad" />,
  soporte: () => <LegalPage doc="soporte" />,
};
