import { type ProjectDetail, ROLE_LABELS } from '@agencia/shared';
import { Avatar, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconUsersPlus } from '@tabler/icons-react';
import { Link } from 'react-router';

/** Team tab: members with their project role and hours; admins manage the team from the edit form. */
export function TeamTab({ project, isAdmin }: { project: ProjectDetail; isAdmin: boolean }) {
  const hours = new Map(project.timeSummary.byMember.map((m) => [m._id, m.hours]));
  return (
    <Stack gap="md">
      {isAdmin && (
        <Group justify="flex-end">
          <Button
            variant="light"
            component={Link}
            to={`/projects/${project._id}/edit`}
            leftSection={<IconUsersPlus size={16} />}
          >
            Gestionar equipo
          </Button>
        </Group>
      )}
      {project.team.length === 0 && <Text c="dimmed">Este proyecto aún no tiene equipo asignado.</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {project.team.map((m) => (
          <Paper key={m._id} withBorder radius="md" p="md" data-testid="team-member">
            <Group wrap="nowrap">
              <Avatar radius="xl" src={m.avatar} name={`${m.firstName} ${m.lastName}`} color="initials" />
              <Stack gap={0} miw={0}>
                <Text fw={600} truncate>
                  {m.firstName} {m.lastName}
                </Text>
                <Text size="sm" c="dimmed">
                  {m.role} · {ROLE_LABELS[m.userRole]}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {m.email}
                  {hours.has(m._id) ? ` · ${hours.get(m._id)} h registradas` : ''}
                </Text>
              </Stack>
            </Group>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
