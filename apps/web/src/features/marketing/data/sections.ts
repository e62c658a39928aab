/** Landing sections in page order (spec doc 1 §2 "Landing page"): the ids are the URL hashes. */
export const SECTIONS = [
  { id: 'hero', label: 'Inicio' },
  { id: 'services', label: 'Servicios' },
  { id: 'features', label: 'Características' },
  { id: 'stats', label: 'Estadísticas' },
  { id: 'testimonials', label: 'Testimonios' },
  { id: 'urgency', label: '¿Por qué ahora?' },
  { id: 'cta', label: 'Comienza' },
  { id: 'footer', label: 'Contacto' },
] as const;
export type SectionId = (typeof SECTIONS)[number]['id'];

/** The desktop dropdown 'Servicios Digitales' and its two labelled groups (spec doc 1 §2). */
export const NAV_GROUPS: { label: string; sections: SectionId[] }[] = [
  { label: 'Servicios Digitales', sections: ['hero', 'services', 'features'] },
  { label: 'Información', sections: ['stats', 'testimonials', 'urgency', 'cta', 'footer'] },
];

/** Hash scroll delay after navigation (≈100 ms) and footer scroll after the modal closes (300 ms). */
export const HASH_SCROLL_DELAY_MS = 100;
export const FOOTER_SCROLL_DELAY_MS = 300;
/** The top bar turns opaque beyond this scroll offset in px (spec doc 1 §9). */
export const NAV_OPAQUE_AFTER_PX = 50;
