/** Categories of the portfolio filter (spec doc 1 §3), after 'Todos'. */
export const PROJECT_CATEGORIES = [
  'E-commerce',
  'Corporate',
  'Media & News',
  'Government',
  'Airport Operations',
] as const;
export type ProjectCategory = (typeof PROJECT_CATEGORIES)[number];

/** A portfolio project (spec doc 1 §3 "Portfolio project"; static). `url` '#' means none. */
export interface Project {
  id: string;
  title: string;
  subtitle: string;
  description: string;
  images: [string, string, string];
  url: string;
  category: ProjectCategory;
  technologies: string[];
  features: string[];
  duration: string;
  year: string;
  client: string;
  industry: string;
  /** Tabler icon key (see portfolio-page PROJECT_ICONS). */
  icon: 'news' | 'coffee' | 'plane' | 'building' | 'radar';
  /** Mantine colour of the card accents. */
  color: string;
  /** Metric name → display string. */
  stats: Record<string, string>;
}

const images = (id: string): [string, string, string] => [
  `/images/portfolio/${id}-1`,
  `/images/portfolio/${id}-2`,
  `/images/portfolio/${id}-3`,
];

/** The five projects of spec doc 1 §3. */
export const PROJECTS: Project[] = [
  {
    id: 'portal-noticias',
    title: 'Noticias Quisqueya',
    subtitle: 'Portal de noticias de alto tráfico',
    description:
      'Portal informativo con publicación en tiempo real, secciones por provincia, transmisiones en vivo y un panel editorial para un equipo de 30 periodistas.',
    images: images('portal-noticias'),
    url: '#',
    category: 'Media & News',
    technologies: ['Next.js', 'Node.js', 'PostgreSQL', 'Redis', 'Cloudflare'],
    features: [
      'Publicación en tiempo real',
      'Panel editorial con flujo de aprobación',
      'Boletines automáticos por correo',
      'Espacios publicitarios administrables',
      'Carga en menos de 1,5 segundos',
    ],
    duration: '4 meses',
    year: '2024',
    client: 'Grupo Editorial Quisqueya',
    industry: 'Medios de comunicación',
    icon: 'news',
    color: 'red',
    stats: { 'Visitas mensuales': '1,2 M', 'Tiempo de carga': '1,4 s', 'Suscriptores del boletín': '18.000' },
  },
  {
    id: 'cafe-cibao-shop',
    title: 'Café Cibao Shop',
    subtitle: 'Tienda en línea de café dominicano',
    description:
      'Tienda en línea para un tostador de café de Jarabacoa: suscripciones mensuales, pagos con tarjeta locales, envíos a todo el país y un programa de lealtad.',
    images: images('cafe-cibao-shop'),
    url: 'https://cafecibao.example',
    category: 'E-commerce',
    technologies: ['Shopify', 'AZUL', 'Klaviyo', 'Google Analytics'],
    features: [
      'Suscripciones de café mensuales',
      'Pagos con tarjeta y transferencia',
      'Envíos a las 32 provincias',
      'Programa de puntos de lealtad',
      'Correos automáticos de carrito abandonado',
    ],
    duration: '6 semanas',
    year: '2024',
    client: 'Café Cibao',
    industry: 'Alimentos y bebidas',
    icon: 'coffee',
    color: 'orange',
    stats: { 'Ventas en línea': '+240%', 'Clientes recurrentes': '45%', 'Pedidos al mes': '1.100' },
  },
  {
    id: 'servicios-aeroportuarios',
    title: 'Servicios Aeroportuarios del Caribe',
    subtitle: 'Portal corporativo de servicios en tierra',
    description:
      'Portal corporativo bilingüe para una empresa de servicios en tierra: catálogo de servicios, solicitudes de cotización de aerolíneas y área privada de documentos.',
    images: images('servicios-aeroportuarios'),
    url: '#',
    category: 'Corporate',
    technologies: ['React', 'Node.js', 'Strapi', 'AWS'],
    features: [
      'Sitio bilingüe español e inglés',
      'Solicitudes de cotización para aerolíneas',
      'Área privada de documentos',
      'Directorio de estaciones',
      'Cumplimiento de accesibilidad WCAG',
    ],
    duration: '3 meses',
    year: '2023',
    client: 'SAC Ground Services',
    industry: 'Aviación',
    icon: 'plane',
    color: 'cyan',
    stats: { 'Solicitudes de aerolíneas': '+85%', Idiomas: '2', 'Puntuación de accesibilidad': '98' },
  },
  {
    id: 'ayuntamiento-digital',
    title: 'Ayuntamiento Digital',
    subtitle: 'Portal de servicios municipales',
    description:
      'Portal de gobierno local con trámites en línea, pago de arbitrios, reporte de incidencias con mapa y transparencia presupuestaria para los munícipes.',
    images: images('ayuntamiento-digital'),
    url: '#',
    category: 'Government',
    technologies: ['Vue.js', 'Laravel', 'MySQL', 'Leaflet', 'Docker'],
    features: [
      'Trámites y pagos de arbitrios en línea',
      'Reporte de incidencias con mapa',
      'Portal de transparencia',
      'Agenda de citas con funcionarios',
      'Notificaciones por SMS',
    ],
    duration: '5 meses',
    year: '2023',
    client: 'Ayuntamiento Municipal',
    industry: 'Gobierno local',
    icon: 'building',
    color: 'green',
    stats: { 'Trámites en línea': '24', 'Incidencias resueltas': '3.400', 'Satisfacción ciudadana': '92%' },
  },
  {
    id: 'operaciones-aeropuerto',
    title: 'Centro de Operaciones Aeroportuarias',
    subtitle: 'Tablero de operaciones en tiempo real',
    description:
      'Tablero de control para el centro de operaciones de un aeropuerto: estado de vuelos, asignación de puertas y posiciones, alertas operativas e indicadores de puntualidad.',
    images: images('operaciones-aeropuerto'),
    url: '#',
    category: 'Airport Operations',
    technologies: ['React', 'TypeScript', 'WebSockets', 'PostgreSQL', 'Grafana', 'Kubernetes'],
    features: [
      'Estado de vuelos en tiempo real',
      'Asignación de puertas y posiciones',
      'Alertas operativas configurables',
      'Indicadores de puntualidad (OTP)',
      'Historial y reportes por turno',
    ],
    duration: '6 meses',
    year: '2025',
    client: 'Operadora Aeroportuaria',
    industry: 'Aviación',
    icon: 'radar',
    color: 'indigo',
    stats: { 'Vuelos diarios monitoreados': '350', Puntualidad: '+12%', Disponibilidad: '99,9%' },
  },
];
