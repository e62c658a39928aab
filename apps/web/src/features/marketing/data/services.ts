import type { ServiceId } from '@agencia/shared';

/**
 * A service card on the landing (spec doc 1 §3 "Service": static, not from a server). The long
 * fields (detailed description, features, technologies) live in `service-details.ts`, loaded
 * with the modal and the quote page, to keep the landing's JavaScript small (decision 020).
 */
export interface ServiceSummary {
  id: ServiceId;
  title: string;
  description: string;
  deliveryTime: string;
  /** Display text, USD, shown after 'Desde' (spec doc 1 §9). */
  price: string;
  /** Base paths of the 3 images; see ResponsiveImage for the generated sizes and formats. */
  images: [string, string, string];
}

const images = (id: ServiceId): [string, string, string] => [
  `/images/services/${id}-1`,
  `/images/services/${id}-2`,
  `/images/services/${id}-3`,
];

/** The nine services of spec doc 1 §3 / §9 (ids, prices and delivery times exactly as there). */
export const SERVICES: ServiceSummary[] = [
  {
    id: 'sitios-web',
    title: 'Sitios Web Profesionales',
    description: 'Sitios rápidos, modernos y optimizados para celulares que convierten visitas en clientes.',
    deliveryTime: '2-4 semanas',
    price: '$1,500',
    images: images('sitios-web'),
  },
  {
    id: 'automatizacion',
    title: 'Automatización de Procesos',
    description: 'Deja que el software haga las tareas repetitivas: facturas, recordatorios, reportes y más.',
    deliveryTime: '1-3 semanas',
    price: '$800',
    images: images('automatizacion'),
  },
  {
    id: 'marketing-digital',
    title: 'Marketing Digital',
    description: 'Campañas en redes sociales y Google que atraen clientes reales a tu negocio.',
    deliveryTime: 'Servicio continuo',
    price: '$1,200/mes',
    images: images('marketing-digital'),
  },
  {
    id: 'seo',
    title: 'Posicionamiento SEO',
    description: 'Aparece en los primeros resultados de Google cuando tus clientes te buscan.',
    deliveryTime: '3-6 meses',
    price: '$900/mes',
    images: images('seo'),
  },
  {
    id: 'ecommerce',
    title: 'Tiendas en Línea (E-commerce)',
    description: 'Vende las 24 horas con una tienda en línea segura y fácil de administrar.',
    deliveryTime: '3-6 semanas',
    price: '$2,500',
    images: images('ecommerce'),
  },
  {
    id: 'branding',
    title: 'Branding e Identidad Visual',
    description: 'Una marca memorable que transmite confianza desde el primer vistazo.',
    deliveryTime: '2-4 semanas',
    price: '$1,000',
    images: images('branding'),
  },
  {
    id: 'apps-empresariales',
    title: 'Aplicaciones Empresariales',
    description: 'Sistemas a la medida para gestionar clientes, inventario, citas y operaciones.',
    deliveryTime: '4-8 semanas',
    price: '$3,000',
    images: images('apps-empresariales'),
  },
  {
    id: 'consultoria-digital',
    title: 'Consultoría Digital',
    description: 'Un plan claro para digitalizar tu negocio, paso a paso y sin desperdiciar dinero.',
    deliveryTime: '2-12 semanas',
    price: '$1,800',
    images: images('consultoria-digital'),
  },
  {
    id: 'soporte-mantenimiento',
    title: 'Soporte y Mantenimiento',
    description: 'Tu sitio siempre actualizado, seguro y funcionando, con soporte cuando lo necesites.',
    deliveryTime: 'Servicio continuo',
    price: '$400/mes',
    images: images('soporte-mantenimiento'),
  },
];
