import {
  IconAddressBook,
  IconChartBar,
  IconClockHour4,
  IconHome,
  IconMessageStar,
  IconRocket,
  IconSparkles,
  IconStack2,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import type { SectionId } from '../data/sections';

export const SECTION_ICONS: Record<SectionId, ComponentType<{ size?: number }>> = {
  hero: IconHome,
  services: IconStack2,
  features: IconSparkles,
  stats: IconChartBar,
  testimonials: IconMessageStar,
  urgency: IconClockHour4,
  cta: IconRocket,
  footer: IconAddressBook,
};
