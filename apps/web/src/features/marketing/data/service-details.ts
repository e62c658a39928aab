import type { ServiceId } from '@agencia/shared';
import { SERVICES, type ServiceSummary } from './services';

/** The detail fields of a service (spec doc 1 §3): at most 6 features. */
export interface ServiceDetails {
  detailedDescription: string;
  features: string[];
  technologies: string[];
}

/** A service with everything the modal and `/quote` show. */
export type Service = ServiceSummary & ServiceDetails;

export const SERVICE_DETAILS: Record<ServiceId, ServiceDetails> = {
  'sitios-web': {
    detailedDescription:
      'Diseñamos y desarrollamos tu sitio web a la medida: estructura pensada para vender, textos claros, velocidad de carga alta y una administración sencilla para que actualices tu contenido sin depender de nadie.',
    features: [
      'Diseño responsive para celulares y tabletas',
      'Optimización SEO básica incluida',
      'Formulario de contacto y botón de WhatsApp',
      'Certificado SSL y hosting el primer año',
      'Panel para editar tu contenido',
      'Integración con Google Analytics',
    ],
    technologies: ['React', 'Next.js', 'WordPress', 'Tailwind CSS'],
  },
  automatizacion: {
    detailedDescription:
      'Analizamos tus procesos y conectamos tus herramientas (correo, hojas de cálculo, WhatsApp, sistemas contables) para eliminar trabajo manual, reducir errores y liberar horas de tu equipo cada semana.',
    features: [
      'Análisis de procesos actuales',
      'Flujos automáticos entre tus aplicaciones',
      'Recordatorios por correo y WhatsApp',
      'Reportes automáticos programados',
      'Integración con tu sistema contable',
      'Capacitación a tu equipo',
    ],
    technologies: ['n8n', 'Zapier', 'Node.js', 'Google Workspace'],
  },
  'marketing-digital': {
    detailedDescription:
      'Planificamos, creamos y gestionamos tus campañas en Facebook, Instagram y Google Ads con contenido hecho para tu público dominicano, medición continua y reportes mensuales con resultados claros.',
    features: [
      'Estrategia de contenido mensual',
      'Gestión de Facebook e Instagram',
      'Campañas en Google Ads',
      'Diseño de piezas gráficas',
      'Reporte mensual de resultados',
      'Optimización continua del presupuesto',
    ],
    technologies: ['Meta Ads', 'Google Ads', 'Canva', 'Google Analytics'],
  },
  seo: {
    detailedDescription:
      'Auditamos tu sitio, corregimos los problemas técnicos, optimizamos tu contenido y tu perfil de Google Business para que te encuentren en búsquedas locales y nacionales.',
    features: [
      'Auditoría SEO técnica completa',
      'Investigación de palabras clave',
      'Optimización de contenido',
      'SEO local y Google Business Profile',
      'Construcción de enlaces de calidad',
      'Informe mensual de posiciones',
    ],
    technologies: ['Google Search Console', 'Ahrefs', 'Semrush', 'Schema.org'],
  },
  ecommerce: {
    detailedDescription:
      'Creamos tu tienda con catálogo, carrito, pagos con tarjeta y transferencias locales, control de inventario y envíos, lista para vender desde el primer día.',
    features: [
      'Catálogo de productos ilimitado',
      'Pagos con tarjeta y transferencias',
      'Control de inventario',
      'Cálculo de envíos por zona',
      'Cupones y promociones',
      'Panel de pedidos y clientes',
    ],
    technologies: ['Shopify', 'WooCommerce', 'Stripe', 'AZUL'],
  },
  branding: {
    detailedDescription:
      'Desarrollamos tu identidad completa: logotipo, paleta de colores, tipografías, papelería y un manual de marca para que tu negocio se vea profesional en todos los canales.',
    features: [
      'Diseño de logotipo con 3 propuestas',
      'Paleta de colores y tipografías',
      'Manual de identidad de marca',
      'Papelería corporativa',
      'Plantillas para redes sociales',
      'Archivos en todos los formatos',
    ],
    technologies: ['Adobe Illustrator', 'Figma', 'Photoshop'],
  },
  'apps-empresariales': {
    detailedDescription:
      'Construimos aplicaciones web seguras que se adaptan a tu forma de trabajar: portales de clientes, sistemas de inventario, agendas, CRMs y tableros de indicadores en tiempo real.',
    features: [
      'Análisis de requerimientos',
      'Usuarios y roles con permisos',
      'Tableros e indicadores en tiempo real',
      'Reportes exportables a Excel y PDF',
      'Integración con tus sistemas actuales',
      'Soporte y mejoras continuas',
    ],
    technologies: ['React', 'Node.js', 'PostgreSQL', 'Docker'],
  },
  'consultoria-digital': {
    detailedDescription:
      'Evaluamos tu situación digital, definimos prioridades y te acompañamos en la elección de herramientas, proveedores y procesos para que cada inversión tenga retorno.',
    features: [
      'Diagnóstico de madurez digital',
      'Hoja de ruta de transformación',
      'Selección de herramientas y proveedores',
      'Indicadores de éxito medibles',
      'Sesiones de seguimiento',
      'Capacitación ejecutiva',
    ],
    technologies: ['Google Workspace', 'Microsoft 365', 'Notion', 'Power BI'],
  },
  'soporte-mantenimiento': {
    detailedDescription:
      'Nos encargamos de las actualizaciones, copias de seguridad, monitoreo y cambios menores de tu sitio o aplicación, con atención prioritaria por WhatsApp y un portal para dar seguimiento a tus solicitudes.',
    features: [
      'Actualizaciones de seguridad',
      'Copias de seguridad diarias',
      'Monitoreo de disponibilidad 24/7',
      'Cambios menores de contenido',
      'Soporte prioritario por WhatsApp',
      'Reporte mensual de mantenimiento',
    ],
    technologies: ['Cloudflare', 'UptimeRobot', 'GitHub', 'Linux'],
  },
};

/** Summary + details of every service. */
export const FULL_SERVICES: Service[] = SERVICES.map((s) => ({ ...s, ...SERVICE_DETAILS[s.id] }));
