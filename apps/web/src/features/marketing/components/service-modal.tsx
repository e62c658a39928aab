import { STORAGE_KEYS } from '@agencia/shared/constants';
import { Badge, Button, Group, List, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBrandWhatsapp,
  IconCheck,
  IconClock,
  IconCurrencyDollar,
  IconFileDescription,
  IconInfoCircle,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { serviceWhatsappMessage, whatsappLink } from '../data/contact';
import { FOOTER_SCROLL_DELAY_MS } from '../data/sections';
import { SERVICE_DETAILS, type Service } from '../data/service-details';
import type { ServiceSummary } from '../data/services';
import { useContact } from '../lib/contact';
import { scrollToSection } from '../lib/scroll';
import type { SectionNavigationState } from '../lib/section-hash';
import { GalleryModal } from './gallery-modal';

/** What `/quote` reads from local storage under `serviceQuote` (spec doc 1 §3). */
export interface StoredServiceQuote {
  service: string;
  id: string;
  price: string;
  features: string[];
}

interface ServiceModalProps {
  service: ServiceSummary | null;
  onClose: () => void;
}

/**
 * Service detail modal (spec doc 1 §2): details view (main image, delivery and price badges,
 * detailed description, features, technologies, actions) and gallery view (clicking the image).
 * Closing in gallery view returns to the details; closing in details closes the modal.
 */
export function ServiceModal({ service, onClose }: ServiceModalProps) {
  const navigate = useNavigate();
  const { whatsapp } = useContact();
  const [current, setCurrent] = useState<Service | null>(null);

  // Keep the last service while the closing transition runs; reset the view on every open.
  useEffect(() => {
    if (service) {
      setCurrent({ ...service, ...SERVICE_DETAILS[service.id] });
    }
  }, [service]);

  const requestQuote = () => {
    if (!current) return;
    const stored: StoredServiceQuote = {
      service: current.title,
      id: current.id,
      price: current.price,
      // Services carry at most 6 features (spec doc 1 §3); /quote shows up to 6 and sends 5.
      features: current.features,
    };
    localStorage.setItem(STORAGE_KEYS.serviceQuote, JSON.stringify(stored));
    onClose();
    navigate('/quote');
  };

  const moreInfo = () => {
    onClose();
    window.setTimeout(() => {
      if (!scrollToSection('footer'))
        navigate('/', { state: { section: 'footer' } satisfies SectionNavigationState });
    }, FOOTER_SCROLL_DELAY_MS);
  };

  return (
    <GalleryModal opened={service !== null} item={current} onClose={onClose}>
      {current && (
        <>
          <Group gap="xs">
            <Badge size="lg" variant="light" leftSection={<IconClock size={14} />} tt="none">
              {current.deliveryTime}
            </Badge>
            <Badge
              size="lg"
              variant="light"
              color="green"
              leftSection={<IconCurrencyDollar size={14} />}
              tt="none"
            >
              Desde {current.price}
            </Badge>
          </Group>
          <Text>{current.detailedDescription}</Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <div>
              <Title order={3} size="h5" mb="xs">
                Características
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
                {current.features.slice(0, 6).map((feature) => (
                  <List.Item key={feature}>{feature}</List.Item>
                ))}
              </List>
            </div>
            <div>
              <Title order={3} size="h5" mb="xs">
                Tecnologías
              </Title>
              <Group gap={6}>
                {current.technologies.map((tech) => (
                  <Badge key={tech} variant="outline" tt="none">
                    {tech}
                  </Badge>
                ))}
              </Group>
            </div>
          </SimpleGrid>
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button
              component="a"
              href={whatsappLink(whatsapp, serviceWhatsappMessage(current.title, current.features))}
              target="_blank"
              rel="noopener noreferrer"
              variant="light"
              color="green"
              leftSection={<IconBrandWhatsapp size={18} />}
            >
              WhatsApp
            </Button>
            <Button variant="default" leftSection={<IconInfoCircle size={18} />} onClick={moreInfo}>
              Más Información
            </Button>
            <Button leftSection={<IconFileDescription size={18} />} onClick={requestQuote}>
              Solicitar Cotización
            </Button>
          </Group>
        </>
      )}
    </GalleryModal>
  );
}
