import { Button, Drawer, SimpleGrid, UnstyledButton } from '@mantine/core';
import { IconLogin } from '@tabler/icons-react';
import { Link } from 'react-router';
import { SECTIONS, type SectionId } from '../data/sections';
import classes from './public-header.module.css';
import { SECTION_ICONS } from './section-icons';

/** Full-screen menu below 768 px: the eight sections in a grid and the login button (spec doc 1 §2). */
export function MobileMenu({
  opened,
  onClose,
  onSection,
}: {
  opened: boolean;
  onClose: () => void;
  onSection: (id: SectionId) => void;
}) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="top"
      size="100%"
      title="Menú"
      closeButtonProps={{ 'aria-label': 'Cerrar menú' }}
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
                  onClose();
                  onSection(id);
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
  );
}
