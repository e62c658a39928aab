import {
  Badge,
  Box,
  Button,
  Card,
  Chip,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import {
  IconAward,
  IconBuildingBank,
  IconCode,
  IconCoffee,
  IconMessageCircle,
  IconNews,
  IconPlane,
  IconRadar,
  IconRocket,
  IconUsers,
} from '@tabler/icons-react';
import { lazy, Suspense, useLayoutEffect, useState } from 'react';
import { Link } from 'react-router';
import { PublicFooter } from '../components/public-footer';
import { PublicHeader } from '../components/public-header';
import { ResponsiveImage } from '../components/responsive-image';
import { ALL_CATEGORIES, PROJECT_CATEGORIES, PROJECTS, type ProjectSummary } from '../data/projects';

/** The detail dialog (Modal, focus trap, gallery) loads on the first 'Ver Detalles'. */
const LazyProjectDialog = lazy(() =>
  import('../components/project-dialog').then((m) => ({ default: m.ProjectDialog })),
);

import { usePageMeta } from '../lib/page-meta';
import { PRERENDERED_FILTER_ATTRIBUTE, takePickedCategory, usePrerendering } from '../lib/prerendered-filter';
import classes from './landing-page.module.css';

/** The filter's chips, 'Todos' first. */
const CATEGORIES = [ALL_CATEGORIES, ...PROJECT_CATEGORIES] as const;
const PROJECT_ICONS = {
  news: IconNews,
  coffee: IconCoffee,
  plane: IconPlane,
  building: IconBuildingBank,
  radar: IconRadar,
};

/** Stat cards of spec doc 1 §2 "Portfolio". */
const PORTFOLIO_STATS = [
  { icon: IconRocket, label: 'Proyectos Completados', value: '25+' },
  { icon: IconUsers, label: 'Clientes Satisfechos', value: '20+' },
  { icon: IconAward, label: 'Años de Experiencia', value: '5+' },
  { icon: IconCode, label: 'Tecnologías Dominadas', value: '15+' },
] as const;

/** At most 3 technologies on a card, then '+N'. */
const CARD_TECHNOLOGIES = 3;

/**
 * `/portfolio` (spec doc 1 §2 "Portfolio"): hero with 'PROYECTOS PREMIUM', four stat cards,
 * category filter from 'Todos', 1/2/3-column grid of the five projects, a detail dialog with a
 * gallery, and the closing call to action.
 */
export function PortfolioPage() {
  const [category, setCategory] = useState<string>(ALL_CATEGORIES);
  const prerendering = usePrerendering();
  // A category picked on the pre-rendered page before the app took over (decision 134): adopted
  // before the first paint, so the filter and the grid stay as the visitor left them.
  useLayoutEffect(() => {
    const picked = takePickedCategory(CATEGORIES);
    if (picked) setCategory(picked);
  }, []);
  const [selected, setSelected] = useState<ProjectSummary | null>(null);
  const [dialogLoaded, setDialogLoaded] = useState(false);
  const open = (project: ProjectSummary) => {
    setDialogLoaded(true);
    setSelected(project);
  };
  const visible = category === ALL_CATEGORIES ? PROJECTS : PROJECTS.filter((p) => p.category === category);

  usePageMeta(
    'Portafolio · Agencia Digital RD',
    'Proyectos de sitios web, tiendas en línea, portales corporativos y de gobierno y tableros de operaciones realizados por Agencia Digital RD.',
  );

  return (
    <>
      <PublicHeader />
      <main>
        <Box component="section" className={classes.hero} aria-labelledby="portfolio-title">
          <Container size="lg" ta="center">
            <Badge size="lg" variant="filled" tt="uppercase">
              PROYECTOS PREMIUM
            </Badge>
            <Title id="portfolio-title" order={1} mt="md" fz={{ base: 34, sm: 48 }}>
              Nuestro Portafolio
            </Title>
            <Text c="dimmed" size="lg" maw={640} mx="auto" mt="sm">
              Casos reales de negocios e instituciones que crecieron con soluciones digitales a su medida.
            </Text>
            <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" mt="xl">
              {PORTFOLIO_STATS.map(({ icon: Icon, label, value }) => (
                <Paper key={label} withBorder radius="md" p="md">
                  <ThemeIcon variant="light" size="lg" radius="md" mx="auto" aria-hidden>
                    <Icon size={20} />
                  </ThemeIcon>
                  <Text fz={30} fw={800} mt={6}>
                    {value}
                  </Text>
                  <Text size="sm">{label}</Text>
                </Paper>
              ))}
            </SimpleGrid>
          </Container>
        </Box>

        <Box component="section" className={classes.section} aria-labelledby="projects-title">
          <Container size="lg">
            <Title id="projects-title" order={2} ta="center" mb="md">
              Proyectos
            </Title>
            <Chip.Group value={category} onChange={(value) => setCategory(value as string)}>
              <Group
                justify="center"
                gap="xs"
                mb="xl"
                role="group"
                aria-label="Filtrar por categoría"
                {...(prerendering && { [PRERENDERED_FILTER_ATTRIBUTE]: true })}
              >
                {CATEGORIES.map((c) => (
                  <Chip key={c} value={c} variant="outline">
                    {c}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" data-testid="project-grid">
              {visible.map((project, i) => (
                <ProjectCard
                  key={project.id}
                  project={project}
                  priority={i === 0}
                  onOpen={() => open(project)}
                />
              ))}
            </SimpleGrid>
          </Container>
        </Box>

        <Box component="section" className={`${classes.section} ${classes.cta}`} aria-labelledby="next-title">
          <Container size="md" ta="center">
            <Title id="next-title" order={2} c="white">
              ¿Listo para ser el próximo caso de éxito?
            </Title>
            <Text c="white" opacity={0.9} mt="sm" mb="lg">
              Cuéntanos tu proyecto y te preparamos una propuesta sin compromiso.
            </Text>
            <Group justify="center">
              <Button
                component={Link}
                to="/login"
                size="lg"
                variant="white"
                color="dark"
                leftSection={<IconRocket size={18} />}
              >
                Solicitar Propuesta Gratis
              </Button>
              <Button
                component={Link}
                to="/login"
                size="lg"
                variant="outline"
                color="white"
                c="white"
                leftSection={<IconMessageCircle size={18} />}
              >
                Contactar Ahora
              </Button>
            </Group>
          </Container>
        </Box>
      </main>
      <PublicFooter />
      {dialogLoaded && (
        <Suspense fallback={null}>
          <LazyProjectDialog project={selected} onClose={() => setSelected(null)} />
        </Suspense>
      )}
    </>
  );
}

function ProjectCard({
  project,
  onOpen,
  priority,
}: {
  project: ProjectSummary;
  onOpen: () => void;
  priority: boolean;
}) {
  const Icon = PROJECT_ICONS[project.icon];
  const extra = project.technologies.length - CARD_TECHNOLOGIES;
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      className={classes.card}
      data-project-id={project.id}
      // Spec doc 1 §2: the dialog opens from 'Ver Detalles' or a click anywhere on the card (the
      // image and the button are the keyboard-reachable ways in; they open it themselves).
      onClick={(event) => {
        if (!(event.target as HTMLElement).closest('button, a')) onOpen();
      }}
      style={{ cursor: 'pointer' }}
    >
      <Card.Section>
        <UnstyledButton onClick={onOpen} aria-label={`${project.title}: abrir detalles`} w="100%">
          <ResponsiveImage
            src={project.images[0]}
            alt=""
            sizes="(max-width: 767px) 100vw, (max-width: 1199px) 50vw, 360px"
            priority={priority}
          />
        </UnstyledButton>
      </Card.Section>
      <Group justify="space-between" mt="md" wrap="nowrap">
        <Badge variant="dot" color={project.color} tt="none">
          {project.category}
        </Badge>
        <ThemeIcon variant="light" color={project.color} radius="xl" aria-hidden>
          <Icon size={16} />
        </ThemeIcon>
      </Group>
      <Title order={3} size="h4" mt="sm">
        {project.title}
      </Title>
      <Text size="sm" fw={600} c="dimmed">
        {project.subtitle}
      </Text>
      <Text size="sm" mt="xs" style={{ flex: 1 }} lineClamp={3}>
        {project.description}
      </Text>
      <Group gap={6} mt="md">
        {project.technologies.slice(0, CARD_TECHNOLOGIES).map((tech) => (
          <Badge key={tech} variant="outline" tt="none">
            {tech}
          </Badge>
        ))}
        {extra > 0 && (
          <Badge variant="filled" color="gray" tt="none" aria-label={`${extra} tecnologías más`}>
            +{extra}
          </Badge>
        )}
      </Group>
      <Button variant="light" mt="md" onClick={onOpen}>
        Ver Detalles
      </Button>
    </Card>
  );
}
