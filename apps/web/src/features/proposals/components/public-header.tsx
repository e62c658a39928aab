import { Anchor, Container, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useCompanyName } from '../../../lib/public-settings';

/**
 * The bar above the public signing and verification pages (decision 173): the agency's name
 * (a link to its site) and one page link, so a recipient always sees who sent the document.
 */
export function PublicHeader({ children }: { children?: ReactNode }) {
  const company = useCompanyName();
  return (
    <header style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Container size={860} px={{ base: 'sm', sm: 'md' }} py="sm">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Anchor component={Link} to="/" fw={700} c="var(--mantine-color-text)" underline="hover">
            {company}
          </Anchor>
          {children}
        </Group>
      </Container>
    </header>
  );
}
