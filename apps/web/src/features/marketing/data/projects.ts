/** The portfolio filter's first chip: every project (spec doc 1 §2 "Portfolio"). */
export const ALL_CATEGORIES = 'Todos';

/** Categories of the portfolio filter (spec doc 1 §3), after 'Todos'. */
export const PROJECT_CATEGORIES = [
  'E-commerce',
  'Corporate',
  'Media & News',
  'Government',
  'Airport Operations',
] as const;
export type ProjectCategory = (typeof PROJECT_CATEGORIES)[number];

/** The portfolio projects' ids (spec doc 1 §3). */
export type ProjectId =
  | 'portal-noticias'
  | 'cafe-cibao-shop'
  | 'servicios-aeroportuarios'
  | 'ayuntamiento-digital'
  | 'operaciones-aeropuerto';

/**
 * What a portfolio card shows of a project (spec doc 1 §3 "Portfolio project"; static). The
 * dialog's fields live in `project-details.ts`, loaded with the dialog, so `/portfolio` does not
 * download them up front (decision 134).
 */
export interface ProjectSummary {
  id: ProjectId;
  title: string;
  subtitle: string;
  description: string;
  images: [string, string, string];
  category: ProjectCategory;
  technologies: string[];
  /** Tabler icon key (see portfolio-page PROJECT_ICONS). */
  icon: 'news' | 'coffee' | 'plane' | 'building' | 'radar';
  /** Mantine colour of the card accents. */
  color: string;
}

const images = (id: string): [string, string, string] => [
  `/images/portfolio/${id}-1`,
  `/images/portfolio/${id}-2`,
  `/images/portfolio/${id}-3`,
];

/** The five projects of spec doc 1 §3. */
export const PROJECTS: ProjectSummary[] = [
  {
    id: 'portal-noticias',
    title: 'Noticias Quisqueya',
    subtitle: 'Portal de noticias de alto tráfico',
    description:
      'Portal informativo con publicación en tiempo real, secciones por provincia, transmisiones en vivo y un panel editorial para un equipo de 30 periodistas.',
    images: images('portal-noticias'),
    category: 'Media & News',
    technologies: ['Next.js', 'Node.js', 'PostgreSQL', 'Redis', 'Cloudflare'],
    icon: 'news',
    color: 'red',
  },
  {
    id: 'cafe-cibao-shop',
    title: 'Café Cibao Shop',
    subtitle: 'Tienda en línea de café dominicano',
    description:
      'Tienda en línea para un tostador de café de Jarabacoa: suscripciones mensuales, pagos con tarjeta locales, envíos a todo el país y un programa de lealtad.',
    images: images('cafe-cibao-shop'),
    category: 'E-commerce',
    technologies: ['Shopify', 'AZUL', 'Klaviyo', 'Google Analytics'],
    icon: 'coffee',
    color: 'orange',
  },
  {
    id: 'servicios-aeroportuarios',
    title: 'Servicios Aeroportuarios del Caribe',
    subtitle: 'Portal corporativo de servicios en tierra',
    description:
      'Portal corporativo bilingüe para una empresa de servicios en tierra: catálogo de servicios, solicitudes de cotización de aerolíneas y área privada de documentos.',
    images: images('servicios-aeroportuarios'),
    category: 'Corporate',
    technologies: ['React', 'Node.js', 'Strapi', 'AWS'],
    icon: 'plane',
    color: 'cyan',
  },
  {
    id: 'ayuntamiento-digital',
    title: 'Ayuntamiento Digital',
    subtitle: 'Portal de servicios municipales',
    description:
      'Portal de gobierno local con trámites en línea, pago de arbitrios, reporte de incidencias con mapa y transparencia presupuestaria para los munícipes.',
    images: images('ayuntamiento-digital'),
    category: 'Government',
    technologies: ['Vue.js', 'Laravel', 'MySQL', 'Leaflet', 'Docker'],
    icon: 'building',
    color: 'green',
  },
  {
    id: 'operaciones-aeropuerto',
    title: 'Centro de Operaciones Aeroportuarias',
    subtitle: 'Tablero de operaciones en tiempo real',
    description:
      'Tablero de control para el centro de operaciones de un aeropuerto: estado de vuelos, asignación de puertas y posiciones, alertas operativas e indicadores de puntualidad.',
    images: images('operaciones-aeropuerto'),
    category: 'Airport Operations',
    technologies: ['React', 'TypeScript', 'WebSockets', 'PostgreSQL', 'Grafana', 'Kubernetes'],
    icon: 'radar',
    color: 'indigo',
  },
];
