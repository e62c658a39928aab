import {
  Badge,
  Box,
  Button,
  Card,
  Chip,
  Container,
  Group,
  List,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconAward,
  IconBuildingBank,
  IconCheck,
  IconCode,
  IconCoffee,
  IconExternalLink,
  IconMessageCircle,
  IconNews,
  IconPlane,
  IconRadar,
  IconRocket,
  IconUsers,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ImageGallery } from '../components/image-gallery';
import { PublicFooter } from '../components/public-footer';
import { PublicHeader } from '../components/public-header';
import { ResponsiveImage } from '../components/responsive-image';
import { PROJECT_CATEGORIES, PROJECTS, type Project } from '../data/projects';
import { usePageMeta } from '../lib/page-meta';
import classes from './landing-page.module.css';

const ALL = 'Todos';
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
  const [category, setCategory] = useState<string>(ALL);
  const [selected, setSelected] = useState<Project | null>(null);
  const visible = category === ALL ? PROJECTS : PROJECTS.filter((p) => p.category === category);

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
              <Group justify="center" gap="xs" mb="xl" role="group" aria-label="Filtrar por categoría">
                {[ALL, ...PROJECT_CATEGORIES].map((c) => (
                  <Chip key={c} value={c} variant="outline">
                    {c}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
            <SimpleGrid cols={{ base: 1, md: 2, lg: 3 }} spacing="lg" data-testid="project-grid">
              {visible.map((project, i) => (
                <ProjectCard
                  key={project.id}
                  project={project}
                  priority={i === 0}
                  onOpen={() => setSelected(project)}
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
      <ProjectDialog project={selected} onClose={() => setSelected(null)} />
    </>
  );
}

function ProjectCard({
  project,
  onOpen,
  priority,
}: {
  project: Project;
  onOpen: () => void;
  priority: boolean;
}) {
  const Icon = PROJECT_ICONS[project.icon];
  const extra = project.technologies.length - CARD_TECHNOLOGIES;
  return (
    <Card withBorder radius="md" padding="lg" className={classes.card} data-project-id={project.id}>
      <Card.Section>
        <UnstyledButton onClick={onOpen} aria-label={`${project.title}: abrir detalles`} w="100%">
          <ResponsiveImage
            src={project.images[0]}
            alt=""
            sizes="(max-width: 991px) 100vw, (max-width: 1199px) 50vw, 360px"
            priority={priority}
          />
        </UnstyledButton>
      </Card.Section>
      <Group justify="space-between" mt="md" wrap="nowrap">
        <Badge variant="light" color={project.color} tt="none">
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

/** Project dialog: detail mode, or gallery mode after clicking the main image; closing in gallery returns to detail. */
function ProjectDialog({ project, onClose }: { project: Project | null; onClose: () => void }) {
  const isMobile = useMediaQuery('(max-width: 47.99em)') ?? false;
  const [mode, setMode] = useState<'detail' | 'gallery'>('detail');
  const [current, setCurrent] = useState<Project | null>(project);
  useEffect(() => {
    if (project) {
      setCurrent(project);
      setMode('detail');
    }
  }, [project]);

  return (
    <Modal
      opened={project !== null}
      onClose={() => (mode === 'gallery' ? setMode('detail') : onClose())}
      size="xl"
      fullScreen={isMobile}
      radius={isMobile ? 0 : 'md'}
      title={
        <Text component="span" fw={700} size="lg">
          {current?.title}
        </Text>
      }
      closeButtonProps={{ 'aria-label': mode === 'gallery' ? 'Volver a los detalles' : 'Cerrar' }}
    >
      {current && mode === 'gallery' && <ImageGallery images={current.images} label={current.title} />}
      {current && mode === 'detail' && (
        <Stack gap="md">
          <UnstyledButton
            onClick={() => setMode('gallery')}
            aria-label={`Ver galería de ${current.title}`}
            style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
          >
            <ResponsiveImage
              src={current.images[0]}
              alt={current.title}
              sizes="(max-width: 768px) 100vw, 860px"
              priority
              style={{ maxHeight: isMobile ? 220 : 380 }}
            />
          </UnstyledButton>
          <Text fw={600} size="lg">
            {current.subtitle}
          </Text>
          <Text>{current.description}</Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <div>
              <Title order={3} size="h5" mb="xs">
                Características Principales
              </Title>
              <List
                spacing={6}
                size="sm"
                icon={
                  <ThemeIcon size={20} radius="xl" color="green" aria-hidden>
                    <IconCheck size={12} />
                  </ThemeIcon>
                }
              >
                {current.features.map((feature) => (
                  <List.Item key={feature}>{feature}</List.Item>
                ))}
              </List>
            </div>
            <Stack gap="md">
              <div>
                <Title order={3} size="h5" mb="xs">
                  Tecnologías Utilizadas
                </Title>
                <Group gap={6}>
                  {current.technologies.map((tech) => (
                    <Badge key={tech} variant="outline" tt="none">
                      {tech}
                    </Badge>
                  ))}
                </Group>
              </div>
              <div>
                <Title order={3} size="h5" mb="xs">
                  Métricas del Proyecto
                </Title>
                <SimpleGrid cols={3} spacing="xs">
                  {Object.entries(current.stats).map(([name, value]) => (
                    <Paper key={name} withBorder p="xs" radius="md" ta="center">
                      <Text fw={800}>{value}</Text>
                      <Text size="xs">{name}</Text>
                    </Paper>
                  ))}
                </SimpleGrid>
              </div>
            </Stack>
          </SimpleGrid>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
            {[
              ['Cliente', current.client],
              ['Industria', current.industry],
              ['Duración', current.duration],
              ['Año', current.year],
            ].map(([label, value]) => (
              <div key={label}>
                <Text size="xs" c="dimmed" fw={600}>
                  {label}
                </Text>
                <Text size="sm">{value}</Text>
              </div>
            ))}
          </SimpleGrid>
          {current.url !== '#' && (
            <Group justify="flex-end">
              <Button
                component="a"
                href={current.url}
                target="_blank"
                rel="noopener noreferrer"
                leftSection={<IconExternalLink size={18} />}
              >
                Visitar Sitio Web
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}
