import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}

/** Page title (the page's only <h1>) with an optional description and actions. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-start" mb="lg" gap="md">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {title}
        </Title>
        {/* A div, not a <p>: descriptions may hold badges (block elements), e.g. the project detail. */}
        {description && (
          <Text c="dimmed" component="div">
            {description}
          </Text>
        )}
      </Stack>
      {actions}
    </Group>
  );
}
