import type { ProjectId, ProjectSummary } from './projects';

/** The fields of a portfolio project that only its dialog shows (spec doc 1 §3). `url` '#' means none. */
export interface ProjectDetails {
  url: string;
  features: string[];
  duration: string;
  year: string;
  client: string;
  industry: string;
  /** Metric name → display string. */
  stats: Record<string, string>;
}

/** A project with everything the dialog shows. */
export type Project = ProjectSummary & ProjectDetails;

export const PROJECT_DETAILS: Record<ProjectId, ProjectDetails> = {
  'portal-noticias': {
    url: '#',
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
    stats: { 'Visitas mensuales': '1.2 M', 'Tiempo de carga': '1.4 s', 'Suscriptores del boletín': '18,000' },
  },
  'cafe-cibao-shop': {
    url: 'https://cafecibao.example',
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
    stats: { 'Ventas en línea': '+240%', 'Clientes recurrentes': '45%', 'Pedidos al mes': '1,100' },
  },
  'servicios-aeroportuarios': {
    url: '#',
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
    stats: { 'Solicitudes de aerolíneas': '+85%', Idiomas: '2', 'Puntuación de accesibilidad': '98' },
  },
  'ayuntamiento-digital': {
    url: '#',
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
    stats: { 'Trámites en línea': '24', 'Incidencias resueltas': '3,400', 'Satisfacción ciudadana': '92%' },
  },
  'operaciones-aeropuerto': {
    url: '#',
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
    stats: { 'Vuelos diarios monitoreados': '350', Puntualidad: '+12%', Disponibilidad: '99.9%' },
  },
};
