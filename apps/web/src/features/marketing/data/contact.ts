/** Contact fallbacks until the company settings answer (GET /settings/public: whatsappNumber, email). */
export const DEFAULT_WHATSAPP = '18095550100';
export const DEFAULT_CONTACT_EMAIL = 'hola@agenciadigital.do';
/** Mail subject of the footer link (spec doc 1 §2). */
export const MAIL_SUBJECT = 'Consulta sobre servicios digitales';
/** General inquiry message of the footer's WhatsApp link. */
export const GENERAL_WHATSAPP_MESSAGE =
  'Hola, me gustaría recibir información sobre sus servicios digitales para mi negocio.';

/** wa.me link with a prefilled message (digits only in the number). */
export function whatsappLink(number: string, message: string): string {
  return `https://wa.me/${number.replace(/\D/g, '')}?text=${encodeURIComponent(message)}`;
}

/** Prefilled message of the service modal: names the service and its first 3 features. */
export function serviceWhatsappMessage(title: string, features: string[]): string {
  return `Hola, me interesa el servicio de ${title}. Características: ${features
    .slice(0, 3)
    .join(', ')}. ¿Podrían enviarme una cotización personalizada?`;
}

/** mailto link with the footer's subject. */
export function mailtoLink(email: string): string {
  return `mailto:${email}?subject=${encodeURIComponent(MAIL_SUBJECT)}`;
}
