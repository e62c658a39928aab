/** A testimonial (spec doc 1 §3): rating is always 5; an empty avatar shows the initials. */
export interface Testimonial {
  name: string;
  role: string;
  company: string;
  content: string;
  avatar: string;
  rating: 5;
}

export const TESTIMONIALS: Testimonial[] = [
  {
    name: 'María Fernández',
    role: 'Propietaria',
    company: 'Repostería Dulce Hogar',
    content:
      'En dos semanas teníamos la página lista y los pedidos por WhatsApp se triplicaron. Ahora recibimos encargos de toda la ciudad.',
    avatar: '',
    rating: 5,
  },
  {
    name: 'José Ramírez',
    role: 'Gerente General',
    company: 'Ferretería El Progreso',
    content:
      'Automatizaron nuestras cotizaciones y el inventario. Ahorramos más de diez horas por semana y ya no perdemos ventas por errores.',
    avatar: '',
    rating: 5,
  },
  {
    name: 'Carolina Peña',
    role: 'Directora de Marketing',
    company: 'Hotel Playa Dorada',
    content:
      'Las campañas en redes nos llenaron la temporada baja. El portal de seguimiento nos deja ver cada avance del proyecto.',
    avatar: '',
    rating: 5,
  },
];

/** Initials of a name: first letter of the first two words. */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');
}
