import { Anchor, Box, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBrandWhatsapp, IconMail, IconMapPin } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCompanyName } from '../../../lib/public-settings';
import { GENERAL_WHATSAPP_MESSAGE, mailtoLink, whatsappLink } from '../data/contact';
import { useContact } from '../lib/contact';

/** The year in Santo Domingo, computed here: the shared package would add its code to the landing's JS budget. */
const CURRENT_YEAR = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Santo_Domingo',
  year: 'numeric',
}).format(new Date());

/**
 * Footer section (`#footer`, spec doc 1 §2): WhatsApp general inquiry (new tab), mailto with the
 * subject 'Consulta sobre servicios digitales', © with the current year (Santo Domingo's calendar;
 * the spec's "© 2025" was the year it was written, issue 32 point 12) and the Dominican location.
 */
export function PublicFooter() {
  const companyName = useCompanyName();
  const { whatsapp, email } = useContact();
  return (
    <Box
      component="footer"
      id="footer"
      py={48}
      style={{ borderTop: '1px solid var(--mantine-color-default-border)', scrollMarginTop: 64 }}
      bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))"
    >
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          <Stack gap="xs">
            <Title order={2} size="h4">
              {companyName}
            </Title>
            <Text size="sm" c="dimmed">
              Servicios digitales para negocios dominicanos: sitios web, automatización, marketing, SEO y
              tiendas en línea.
            </Text>
          </Stack>
          <Stack gap="xs">
            <Title order={2} size="h5">
              Contacto
            </Title>
            <Anchor
              href={whatsappLink(whatsapp, GENERAL_WHATSAPP_MESSAGE)}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
            >
              <Group gap={6} component="span">
                <IconBrandWhatsapp size={16} aria-hidden />
                Escríbenos por WhatsApp
              </Group>
            </Anchor>
            <Anchor href={mailtoLink(email)} size="sm">
              <Group gap={6} component="span">
                <IconMail size={16} aria-hidden />
                {email}
              </Group>
            </Anchor>
            <Group gap={6}>
              <IconMapPin size={16} aria-hidden />
              <Text size="sm">Santo Domingo, República Dominicana</Text>
            </Group>
          </Stack>
          <Stack gap="xs">
            <Title order={2} size="h5">
              Enlaces
            </Title>
            <Anchor component={Link} to="/portfolio" size="sm">
              Portafolio
            </Anchor>
            <Anchor component={Link} to="/login" size="sm">
              Portal de clientes
            </Anchor>
            <Anchor component={Link} to="/terminos" size="sm">
              Términos y condiciones
            </Anchor>
            <Anchor component={Link} to="/privacidad" size="sm">
              Política de privacidad
            </Anchor>
            <Anchor component={Link} to="/soporte" size="sm">
              Soporte
            </Anchor>
          </Stack>
        </SimpleGrid>
        <Text size="sm" c="dimmed" mt={40} ta="center">
          © {CURRENT_YEAR} {companyName}. Todos los derechos reservados. Santo Domingo, República Dominicana.
        </Text>
      </Container>
    </Box>
  );
}
