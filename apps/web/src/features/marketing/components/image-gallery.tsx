import { ActionIcon, Box, Group, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { ResponsiveImage } from './responsive-image';

/** Gallery height: 280 px on mobile, 450 px on desktop (spec doc 1 §2). */
export const GALLERY_HEIGHT = { mobile: 280, desktop: 450 } as const;

interface ImageGalleryProps {
  images: readonly string[];
  /** Accessible name base: "{label}, imagen n de total". */
  label: string;
  initialIndex?: number;
}

/**
 * Image carousel of the service and project dialogs: indicators, previous/next and an
 * 'n de total' caption. It does not loop: previous is disabled on the first image and next on
 * the last. Arrow keys move too.
 */
export function ImageGallery({ images, label, initialIndex = 0 }: ImageGalleryProps) {
  const [index, setIndex] = useState(initialIndex);
  const isMobile = useMediaQuery('(max-width: 47.99em)') ?? false;
  const height = isMobile ? GALLERY_HEIGHT.mobile : GALLERY_HEIGHT.desktop;
  const total = images.length;
  const go = (next: number) => setIndex(Math.min(total - 1, Math.max(0, next)));

  return (
    <Box
      role="region"
      aria-roledescription="carrusel"
      aria-label={`Galería de ${label}`}
      data-testid="image-gallery"
      onKeyDown={(event) => {
        if (event.key === 'ArrowLeft') go(index - 1);
        if (event.key === 'ArrowRight') go(index + 1);
      }}
    >
      <Box pos="relative" h={height} style={{ overflow: 'hidden', borderRadius: 'var(--mantine-radius-md)' }}>
        <ResponsiveImage
          key={images[index]}
          src={images[index] ?? ''}
          alt={`${label}, imagen ${index + 1} de ${total}`}
          sizes="(max-width: 768px) 100vw, 900px"
          priority
          style={{ height, objectFit: 'cover' }}
        />
        <ActionIcon
          variant="white"
          color="dark"
          radius="xl"
          size="lg"
          pos="absolute"
          left={12}
          top="50%"
          style={{ transform: 'translateY(-50%)' }}
          aria-label="Imagen anterior"
          disabled={index === 0}
          onClick={() => go(index - 1)}
        >
          <IconChevronLeft size={20} />
        </ActionIcon>
        <ActionIcon
          variant="white"
          color="dark"
          radius="xl"
          size="lg"
          pos="absolute"
          right={12}
          top="50%"
          style={{ transform: 'translateY(-50%)' }}
          aria-label="Imagen siguiente"
          disabled={index === total - 1}
          onClick={() => go(index + 1)}
        >
          <IconChevronRight size={20} />
        </ActionIcon>
      </Box>
      <Group justify="space-between" mt="sm">
        <Group gap={6}>
          {images.map((image, i) => (
            <UnstyledButton
              key={image}
              aria-label={`Ir a la imagen ${i + 1}`}
              aria-current={i === index}
              onClick={() => go(i)}
              style={{
                width: i === index ? 24 : 10,
                height: 10,
                borderRadius: 5,
                transition: 'width 150ms ease',
                background:
                  i === index ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-gray-5)',
              }}
            />
          ))}
        </Group>
        <Text size="sm" c="dimmed" aria-live="polite">
          {index + 1} de {total}
        </Text>
      </Group>
    </Box>
  );
}
