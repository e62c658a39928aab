import { useQuery } from '@tanstack/react-query';
import { publicSettingsQuery } from '../../../lib/public-settings';
import { DEFAULT_CONTACT_EMAIL, DEFAULT_WHATSAPP } from '../data/contact';

/** WhatsApp number and contact email from the company settings, with fallbacks. */
export function useContact(): { whatsapp: string; email: string } {
  const { data } = useQuery(publicSettingsQuery);
  return {
    whatsapp: data?.whatsappNumber?.replace(/\D/g, '') || DEFAULT_WHATSAPP,
    email: data?.email?.trim() || DEFAULT_CONTACT_EMAIL,
  };
}
