import { APP_VERSION_LABEL } from '@agencia/shared/constants';
import {
  Badge,
  Box,
  Burger,
  Button,
  Container,
  Drawer,
  Group,
  Menu,
  SimpleGrid,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure, useWindowScroll } from '@mantine/hooks';
import {
  IconAddressBook,
  IconChartBar,
  IconChevronDown,
  IconClockHour4,
  IconHome,
  IconLogin,
  IconMessageStar,
  IconRocket,
  IconSparkles,
  IconStack2,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useCompanyName } from '../../../lib/public-settings';
import { NAV_GROUPS, NAV_OPAQUE_AFTER_PX, SECTIONS, type SectionId } from '../data/sections';
import { scrollToSection } from '../lib/scroll';
import classes from './public-header.module.css';

const SECTION_ICONS: Record<SectionId, ComponentType<{ size?: number }>> = {
  hero: IconHome,
  services: IconStack2,
  features: IconSparkles,
  stats: IconChartBar,
  testimonials: IconMessageStar,
  urgency: IconClockHour4,
  cta: IconRocket,
  footer: IconAddressBook,
};
const labelOf = (id: SectionId) => SECTIONS.find((s) => s.id === id)?.label ?? id;

/** On `/` scrolls to the section; elsewhere navigates to `/#section` (spec doc 1 §2). */
export function useGoToSection() {
  const location = useLocation();
  const navigate = useNavigate();
  return (id: SectionId) => {
    if (location.pathname === '/' && scrollToSection(id)) {
      window.history.replaceState(window.history.state, '', `#${id}`);
    } else {
      navigate(`/#${id}`);
    }
  };
}

/**
 * Fixed top bar of the public pages: logo → `/`, dropdown 'Servicios Digitales' with the two
 * labelled groups, 'Iniciar Sesión'; more opaque beyond 50 px of scroll; below 768 px a
 * full-screen menu with the eight sections in a grid and the login button.
 */
export function PublicHeader() {
  const companyName = useCompanyName();
  const [scroll] = useWindowScroll();
  const [menuOpened, menu] = useDisclosure(false);
  const goToSection = useGoToSection();
  const scrolled = scroll.y > NAV_OPAQUE_AFTER_PX;

  return (
    <Box component="header" className={classes.header} data-scrolled={scrolled || undefined}>
      <Container size="lg" w="100%">
        <Group justify="space-between" wrap="nowrap">
          <UnstyledButton component={Link} to="/" aria-label={`${companyName}, inicio`}>
            <Group gap="xs" wrap="nowrap">
              <Text fw={800} size="lg">
                {companyName}
              </Text>
              <Badge variant="light" size="sm" tt="none">
                {APP_VERSION_LABEL}
              </Badge>
            </Group>
          </UnstyledButton>

          <Group gap="sm" className={classes.desktopOnly} wrap="nowrap">
            <Menu position="bottom-end" width={240} shadow="md" withinPortal>
              <Menu.Target>
                <Button
                  variant="subtle"
                  color="gray"
                  c="var(--mantine-color-text)"
                  rightSection={<IconChevronDown size={16} />}
                >
                  Servicios Digitales
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {NAV_GROUPS.map((group, i) => (
                  <Box key={group.label}>
                    {i > 0 && <Menu.Divider />}
                    <Menu.Label>{group.label}</Menu.Label>
                    {group.sections.map((id) => {
                      const Icon = SECTION_ICONS[id];
                      return (
                        <Menu.Item key={id} leftSection={<Icon size={16} />} onClick={() => goToSection(id)}>
                          {labelOf(id)}
                        </Menu.Item>
                      );
                    })}
                  </Box>
                ))}
              </Menu.Dropdown>
            </Menu>
            <Button component={Link} to="/login" leftSection={<IconLogin size={18} />}>
              Iniciar Sesión
            </Button>
          </Group>

          <Burger
            className={classes.mobileOnly}
            opened={menuOpened}
            onClick={menu.toggle}
            aria-label={menuOpened ? 'Cerrar menú' : 'Abrir menú'}
            aria-expanded={menuOpened}
          />
        </Group>
      </Container>

      <Drawer
        opened={menuOpened}
        onClose={menu.close}
        position="top"
        size="100%"
        title="Menú"
        closeButtonProps={{ 'aria-label': 'Cerrar menú' }}
        className={classes.mobileOnly}
      >
        <nav aria-label="Secciones">
          <SimpleGrid cols={2} spacing="sm">
            {SECTIONS.map(({ id, label }) => {
              const Icon = SECTION_ICONS[id];
              return (
                <UnstyledButton
                  key={id}
                  className={classes.menuTile}
                  onClick={() => {
                    menu.close();
                    goToSection(id);
                  }}
                >
                  <Icon size={22} />
                  {label}
                </UnstyledButton>
              );
            })}
          </SimpleGrid>
          <Button
            component={Link}
            to="/login"
            fullWidth
            size="md"
            mt="lg"
            leftSection={<IconLogin size={18} />}
          >
            Iniciar Sesión
          </Button>
        </nav>
      </Drawer>
    </Box>
  );
}
