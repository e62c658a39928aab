import { Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useEffect, useState } from 'react';
import { ImageGallery } from './image-gallery';
import { ResponsiveImage } from './responsive-image';

interface GalleryModalProps {
  opened: boolean;
  /** What is shown; kept by the caller while the closing transition runs. */
  item: { title: string; images: string[] } | null;
  onClose: () => void;
  /** Height cap of the main image in px (mobile below 768 px / desktop); none by default. */
  heroMaxHeight?: { mobile: number; desktop: number };
  /** The details shown under the main image. */
  children: ReactNode;
}

/**
 * The service and portfolio dialogs of spec doc 1 §2: a details view whose main image opens a
 * gallery view (indicators, previous/next, 'n de total', no loop). Closing in the gallery returns
 * to the details; closing in the details closes the modal. Every opening starts in the details.
 * Full screen below 768 px.
 */
export function GalleryModal({ opened, item, onClose, heroMaxHeight, children }: GalleryModalProps) {
  const isMobile = useMediaQuery('(max-width: 47.99em)') ?? false;
  const [view, setView] = useState<'details' | 'gallery'>('details');
  useEffect(() => {
    if (opened) setView('details');
  }, [opened]);

  return (
    <Modal
      opened={opened}
      onClose={() => (view === 'gallery' ? setView('details') : onClose())}
      size="xl"
      fullScreen={isMobile}
      radius={isMobile ? 0 : 'md'}
      title={
        <Text component="span" fw={700} size="lg">
          {item?.title}
        </Text>
      }
      closeButtonProps={{ 'aria-label': view === 'gallery' ? 'Volver a los detalles' : 'Cerrar' }}
    >
      {item && view === 'gallery' && <ImageGallery images={item.images} label={item.title} />}
      {item && view === 'details' && (
        <Stack gap="md">
          <UnstyledButton
            onClick={() => setView('gallery')}
            aria-label={`Ver galería de ${item.title}`}
            style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
          >
            <ResponsiveImage
              src={item.images[0]!}
              alt={item.title}
              sizes="(max-width: 768px) 100vw, 860px"
              priority
              style={
                heroMaxHeight
                  ? { maxHeight: isMobile ? heroMaxHeight.mobile : heroMaxHeight.desktop }
                  : undefined
              }
            />
          </UnstyledButton>
          {children}
        </Stack>
      )}
    </Modal>
  );
}
