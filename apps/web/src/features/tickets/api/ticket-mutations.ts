import type {
  ChangeTicketStatusRequest,
  CloseTicketRequest,
  CreateTicketMessageRequest,
  CreateTicketRequest,
  CreateTicketTimeLogRequest,
  Ticket,
  TicketAttachment,
  TicketDetail,
  UpdateTicketRequest,
} from '@agencia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope } from '../../../lib/api-client';
import { ticketKeys } from './keys';

type TicketAnswer = SuccessEnvelope<{ ticket: TicketDetail }>;

/** `POST /tickets`. */
export async function createTicket(body: CreateTicketRequest): Promise<TicketDetail> {
  return (await apiClient.post<TicketAnswer>('/tickets', body)).data.data.ticket;
}

/** `POST /tickets/{id}/attachments` (multipart field "file"). */
export async function uploadTicketAttachment(id: string, file: File): Promise<TicketAttachment> {
  const form = new FormData();
  form.append('file', file);
  const response = await apiClient.post<SuccessEnvelope<{ attachment: TicketAttachment }>>(
    `/tickets/${id}/attachments`,
    form,
    { headers: { 'Content-Type': 'multipart/form-data' }, timeout: 60_000 },
  );
  return response.data.data.attachment;
}

/** Downloads an attachment with the bearer token and opens it in a new tab. */
export async function openTicketAttachment(attachment: TicketAttachment): Promise<void> {
  const response = await apiClient.get<Blob>(attachment.url.replace(/^\/api/, ''), { responseType: 'blob' });
  const url = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = url;
  link.download = attachment.filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Creates a ticket and then uploads its attachments; invalidates every ticket query. */
export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    retry: false,
    mutationFn: async ({ body, files }: { body: CreateTicketRequest; files: File[] }) => {
      const ticket = await createTicket(body);
      for (const file of files) await uploadTicketAttachment(ticket._id, file);
      return ticket;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}

/** One hook for every write on a ticket's detail page; each returns the updated ticket. */
export function useTicketActions(id: string) {
  const queryClient = useQueryClient();
  const done = (ticket: TicketDetail) => {
    queryClient.setQueryData(ticketKeys.detail(id), ticket);
    void queryClient.invalidateQueries({ queryKey: ticketKeys.all });
  };
  const put = (path: string) => async (body: unknown) =>
    (await apiClient.put<TicketAnswer>(`/tickets/${id}${path}`, body)).data.data.ticket;
  const post = (path: string) => async (body: unknown) =>
    (await apiClient.post<TicketAnswer>(`/tickets/${id}${path}`, body)).data.data.ticket;
  const opts = { retry: false as const, onSuccess: done };
  return {
    update: useMutation({ ...opts, mutationFn: (b: UpdateTicketRequest) => put('')(b) }),
    assign: useMutation({
      ...opts,
      mutationFn: (assignedTo: string | null) => put('/assign')({ assignedTo }),
    }),
    status: useMutation({ ...opts, mutationFn: (b: ChangeTicketStatusRequest) => put('/status')(b) }),
    close: useMutation({ ...opts, mutationFn: (b: CloseTicketRequest) => put('/close')(b) }),
    logTime: useMutation({ ...opts, mutationFn: (b: CreateTicketTimeLogRequest) => post('/time-logs')(b) }),
    message: useMutation({
      ...opts,
      mutationFn: async ({ body, files }: { body: CreateTicketMessageRequest; files: File[] }) => {
        const ids: string[] = [];
        for (const file of files) ids.push((await uploadTicketAttachment(id, file))._id);
        return post('/messages')({ ...body, attachments: ids });
      },
    }),
    watch: useMutation({ ...opts, mutationFn: () => post('/watchers')({}) }),
    unwatch: useMutation({
      ...opts,
      mutationFn: async (userId: string) =>
        (await apiClient.delete<TicketAnswer>(`/tickets/${id}/watchers/${userId}`)).data.data.ticket,
    }),
    remove: useMutation({
      retry: false,
      mutationFn: async () => {
        await apiClient.delete(`/tickets/${id}`);
      },
      onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
    }),
  };
}

export type { Ticket };
