import { APP_VERSION_LABEL } from '@agencia/shared/constants';
import { Badge, Box, Burger, Button, Container, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import { useClickOutside, useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconLogin } from '@tabler/icons-react';
import { Fragment, lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useCompanyName } from '../../../lib/public-settings';
import { NAV_GROUPS, NAV_OPAQUE_AFTER_PX, SECTIONS, type SectionId } from '../data/sections';
import { scrollToSection } from '../lib/scroll';
import type { SectionNavigationState } from '../lib/section-hash';
import classes from './public-header.module.css';

/** The full-screen mobile menu (Drawer, focus trap, scroll lock) loads on first use. */
const MobileMenu = lazy(() => import('./mobile-menu').then((m) => ({ default: m.MobileMenu })));

const labelOf = (id: SectionId) => SECTIONS.find((s) => s.id === id)?.label ?? id;

/**
 * On `/` scrolls to the section; elsewhere goes to `/` and the landing scrolls smoothly to the
 * section after ≈100 ms, the URL ending as `/#section` (spec doc 1 §2, decision 028).
 */
export function useGoToSection() {
  const location = useLocation();
  const navigate = useNavigate();
  return (id: SectionId) => {
    if (location.pathname === '/' && scrollToSection(id)) {
      window.history.replaceState(window.history.state, '', `#${id}`);
    } else {
      navigate('/', { state: { section: id } satisfies SectionNavigationState });
    }
  };
}

/**
 * Whether the page is scrolled further than `px`, from scroll and resize events. Unlike Mantine's
 * `useWindowScroll`, it does not read the position while the app mounts, which made the browser
 * lay out the whole freshly swapped page inside a script task (decision 134), and it renders
 * again only when the answer changes, not on every scroll event.
 */
function useScrolledPast(px: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > px);
    // The first reading comes after the browser's own layout of the next frame.
    let timer: number | undefined;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(update, 0);
    });
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [px]);
  return past;
}

/**
 * Desktop dropdown 'Servicios Digitales' with its two labelled groups. A small disclosure
 * (button + list) rather than Mantine's Menu, whose positioning engine would weigh on the
 * landing's JavaScript budget. Escape and a click outside close it.
 */
function SectionsDropdown({ onSection }: { onSection: (id: SectionId) => void }) {
  const [opened, setOpened] = useState(false);
  const ref = useClickOutside(() => setOpened(false));
  return (
    <Box
      ref={ref}
      pos="relative"
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpened(false);
      }}
    >
      <Button
        variant="subtle"
        color="gray"
        c="var(--mantine-color-text)"
        rightSection={<IconChevronDown size={16} />}
        aria-expanded={opened}
        aria-controls="sections-dropdown"
        onClick={() => setOpened((o) => !o)}
      >
        Servicios Digitales
      </Button>
      {opened && (
        <Paper
          id="sections-dropdown"
          shadow="md"
          withBorder
          radius="md"
          p={6}
          pos="absolute"
          right={0}
          top="calc(100% + 6px)"
          w={240}
          style={{ zIndex: 110 }}
        >
          {NAV_GROUPS.map((group, i) => (
            <Fragment key={group.label}>
              {i > 0 && <Box my={4} style={{ borderTop: '1px solid var(--mantine-color-default-border)' }} />}
              <Text size="xs" fw={600} c="dimmed" px="sm" pt={6} pb={4} id={`group-${i}`}>
                {group.label}
              </Text>
              <Box component="ul" aria-labelledby={`group-${i}`} m={0} p={0} style={{ listStyle: 'none' }}>
                {group.sections.map((id) => (
                  <li key={id}>
                    <UnstyledButton
                      className={classes.dropdownItem}
                      onClick={() => {
                        setOpened(false);
                        onSection(id);
                      }}
                    >
                      {labelOf(id)}
                    </UnstyledButton>
                  </li>
                ))}
              </Box>
            </Fragment>
          ))}
        </Paper>
      )}
    </Box>
  );
}

/**
 * Fixed top bar of the public pages: logo → `/`, dropdown 'Servicios Digitales', 'Iniciar
 * Sesión'; more opaque beyond 50 px of scroll; below 768 px a burger opens the full-screen menu.
 */
export function PublicHeader() {
  const companyName = useCompanyName();
  const [menuOpened, menu] = useDisclosure(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const goToSection = useGoToSection();
  const scrolled = useScrolledPast(NAV_OPAQUE_AFTER_PX);

  return (
    <Box component="header" className={classes.header} data-scrolled={scrolled || undefined}>
      <Container size="lg" w="100%">
        <Group justify="space-between" wrap="nowrap">
          <UnstyledButton component={Link} to="/">
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
            <SectionsDropdown onSection={goToSection} />
            <Button component={Link} to="/login" leftSection={<IconLogin size={18} />}>
              Iniciar Sesión
            </Button>
          </Group>

          <Burger
            className={classes.mobileOnly}
            opened={menuOpened}
            onClick={() => {
              setMenuLoaded(true);
              menu.toggle();
            }}
            aria-label={menuOpened ? 'Cerrar menú' : 'Abrir menú'}
            aria-expanded={menuOpened}
          />
        </Group>
      </Container>
      {menuLoaded && (
        <Suspense fallback={null}>
          <MobileMenu opened={menuOpened} onClose={menu.close} onSection={goToSection} />
        </Suspense>
      )}
    </Box>
  );
}
