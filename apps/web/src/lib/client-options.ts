import type { Client } from '@agencia/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope, unwrap } from './api-client';

/**
 * Client options for staff forms (invoice, 'Nuevo Ticket'): `GET /clients` (admin and employees
 * holding `clients.read`), labelled 'Empresa (Nombre Apellido)'.
 */
export const useClientOptions = (enabled = true) =>
  useQuery({
    queryKey: ['clients', 'options'],
    queryFn: async () =>
      (await unwrap(apiClient.get<SuccessEnvelope<{ clients: Client[] }>>('/clients'))).clients.map((c) => ({
        value: c._id,
        label: c.companyName
          ? `${c.companyName} (${c.firstName} ${c.lastName})`.trim()
          : `${c.firstName} ${c.lastName}`,
      })),
    enabled,
  });

/** Projects of one client (`GET /clients/{id}/projects`, staff), as select options. */
export const useClientProjectOptions = (clientId: string | null) =>
  useQuery({
    queryKey: ['clients', clientId, 'projects'],
    queryFn: async () =>
      (
        await unwrap(
          apiClient.get<SuccessEnvelope<{ projects: Array<{ _id: string; title: string }> }>>(
            `/clients/${clientId}/projects`,
          ),
        )
      ).projects.map((p) => ({ value: p._id, label: p.title })),
    enabled: Boolean(clientId),
  });

/** The fiscal profile of a client, for the invoice form's document type (issue 12). */
export interface ClientFiscalProfile {
  taxpayerType: Client['taxpayerType'];
  companyRUC: string | null;
  taxIdOverrideReason: string | null;
}

/** Fiscal profiles of the clients by id (`GET /clients`, staff). */
export const useClientFiscalProfiles = (enabled = true) =>
  useQuery({
    queryKey: ['clients', 'fiscal-profiles'],
    queryFn: async () =>
      new Map<string, ClientFiscalProfile>(
        (await unwrap(apiClient.get<SuccessEnvelope<{ clients: Client[] }>>('/clients'))).clients.map((c) => [
          c._id,
          {
            taxpayerType: c.taxpayerType,
            companyRUC: c.companyRUC,
            taxIdOverrideReason: c.taxIdOverrideReason,
          },
        ]),
      ),
    enabled,
  });
