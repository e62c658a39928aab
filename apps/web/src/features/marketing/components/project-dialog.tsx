import { Badge, Button, Group, List, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconExternalLink } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { PROJECT_DETAILS, type Project } from '../data/project-details';
import type { ProjectSummary } from '../data/projects';
import { GalleryModal } from './gallery-modal';

/** Project dialog: detail mode, or gallery mode after clicking the main image; closing in gallery returns to detail. */
export function ProjectDialog({ project, onClose }: { project: ProjectSummary | null; onClose: () => void }) {
  const [current, setCurrent] = useState<Project | null>(() =>
    project ? { ...project, ...PROJECT_DETAILS[project.id] } : null,
  );
  useEffect(() => {
    if (project) {
      setCurrent({ ...project, ...PROJECT_DETAILS[project.id] });
    }
  }, [project]);

  return (
    <GalleryModal
      opened={project !== null}
      item={current}
      onClose={onClose}
      heroMaxHeight={{ mobile: 220, desktop: 380 }}
    >
      {current && (
        <>
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
        </>
      )}
    </GalleryModal>
  );
}
