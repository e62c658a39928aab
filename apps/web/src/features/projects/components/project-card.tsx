import { PROJECT_CATEGORY_LABELS, type ProjectSummary, projectClientName } from '@agencia/shared';
import { ActionIcon, Anchor, Card, Group, Menu, Progress, Stack, Text } from '@mantine/core';
import {
  IconBuilding,
  IconCalendar,
  IconCash,
  IconDots,
  IconEye,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { formatDate, useMoney } from '../../../lib/format';
import { useDateDisplay } from '../../../stores/display-store';
import { ProjectPriorityBadge, ProjectStatusBadge } from './project-badges';

interface ProjectCardProps {
  project: ProjectSummary;
  canManage: boolean;
  onDelete: (project: ProjectSummary) => void;
}

/** A project card of the list (spec doc 2 §2 "Projects list"): click opens the detail. */
export function ProjectCard({ project, canManage, onDelete }: ProjectCardProps) {
  useDateDisplay();
  const navigate = useNavigate();
  const money = useMoney(0);
  const open = () => navigate(`/projects/${project._id}`);
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      onClick={open}
      style={{ cursor: 'pointer' }}
      data-testid="project-card"
      aria-label={project.title}
      component="article"
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={2} miw={0}>
          <Anchor
            component={Link}
            to={`/projects/${project._id}`}
            fw={600}
            c="var(--mantine-color-text)"
            onClick={(e) => e.stopPropagation()}
            lineClamp={2}
          >
            {project.title}
          </Anchor>
          <Text size="xs" c="dimmed">
            {PROJECT_CATEGORY_LABELS[project.category]}
          </Text>
        </Stack>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Acciones de ${project.title}`}
              onClick={(e) => e.stopPropagation()}
            >
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown onClick={(e) => e.stopPropagation()}>
            <Menu.Item leftSection={<IconEye size={16} />} onClick={open}>
              Ver detalles
            </Menu.Item>
            {canManage && (
              <>
                <Menu.Item
                  leftSection={<IconPencil size={16} />}
                  onClick={() => navigate(`/projects/${project._id}/edit`)}
                >
                  Editar
                </Menu.Item>
                <Menu.Item
                  color="red"
                  leftSection={<IconTrash size={16} />}
                  onClick={() => onDelete(project)}
                >
                  Eliminar
                </Menu.Item>
              </>
            )}
          </Menu.Dropdown>
        </Menu>
      </Group>

      <Text size="sm" c="dimmed" mt="sm" lineClamp={2} mih={40}>
        {project.description || 'Sin descripción'}
      </Text>

      <Group gap={6} mt="sm" wrap="nowrap">
        <IconBuilding size={16} aria-hidden />
        <Text size="sm" truncate>
          {projectClientName(project.client)}
        </Text>
      </Group>

      <Group gap="xs" mt="sm">
        <ProjectStatusBadge status={project.status} />
        <ProjectPriorityBadge priority={project.priority} />
      </Group>

      <Stack gap={4} mt="md">
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            Progreso
          </Text>
          <Text size="xs" fw={600}>
            {project.progressPercentage}%
          </Text>
        </Group>
        <Progress value={project.progressPercentage} aria-label={`Progreso ${project.progressPercentage}%`} />
      </Stack>

      <Group justify="space-between" mt="md" gap="xs">
        <Group gap={6} wrap="nowrap">
          <IconCalendar size={16} aria-hidden />
          <Text size="sm">
            {project.estimatedEndDate ? formatDate(project.estimatedEndDate) : 'Sin fecha'}
          </Text>
        </Group>
        {/* Absent for a client when the admin hides the budget from it (decision 145). */}
        {project.approvedBudget !== undefined && (
          <Group gap={6} wrap="nowrap">
            <IconCash size={16} aria-hidden />
            <Text size="sm" fw={500}>
              {project.approvedBudget === null ? 'Sin presupuesto' : money(project.approvedBudget)}
            </Text>
          </Group>
        )}
      </Group>
    </Card>
  );
}
