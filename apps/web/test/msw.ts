import {
  CalendarTasksResponseSchema,
  ErrorResponseSchema,
  GetInvoicePaymentOptionsResponseSchema,
  GetPublicSettingsResponseSchema,
  GetTimerResponseSchema,
  ListPaymentReportsResponseSchema,
  ListSignableDocumentsResponseSchema,
  MessageResponseSchema,
  MyTasksDashboardResponseSchema,
} from '@agencia/shared';
import { HttpResponse, http, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import type { z } from 'zod';

// The network of the web tests (decision 119): Mock Service Worker answers the portal's real
// HTTP calls (axios → XMLHttpRequest, fetch) in jsdom, so the API client, its interceptors and the
// query cache run exactly as in the browser. Started in `setup.ts`; a request no handler answers
// fails the test (`onUnhandledFrame: 'error'`). Tests add handlers with `server.use(...)`.

/** Absolute URL of an API path as the client calls it (`/projects/1` → `http://localhost:3000/api/projects/1`). */
export const apiUrl = (path: string) => `${window.location.origin}/api${path}`;

/**
 * `{ success: true, data }` whose `data` is checked against the shared response schema first,
 * so a mock can never drift from the contract: a wrong shape throws with zod's message.
 * @param schema the `data` schema of the route (the one its `successEnvelope` wraps)
 */
export function ok<S extends z.ZodType>(schema: S, data: z.input<S>, init?: ResponseInit) {
  const checked = schema.safeParse(data);
  if (!checked.success) {
    throw new Error(`Mock response does not match the shared schema:\n${checked.error.message}`);
  }
  return HttpResponse.json({ success: true, data } as JsonBodyType, init);
}

/** `{ success: true, message }`, the answer of routes that return no data (deletes, revokes). */
export function okMessage(message: string) {
  return HttpResponse.json(MessageResponseSchema.parse({ success: true, message }) as JsonBodyType);
}

/** The API's error envelope (`{ success: false, code, message, errors? }`), checked like `ok`. */
export function fail(status: number, body: Omit<z.input<typeof ErrorResponseSchema>, 'success'>) {
  const envelope = ErrorResponseSchema.parse({ success: false, ...body });
  return HttpResponse.json(envelope as JsonBodyType, { status });
}

/**
 * Answers every test gets unless it overrides them: the public company settings the shell and
 * money formatting read (the demo agency, DOP); no transfer reports and no portal payment options
 * (decision 147) on the invoice screens.
 */
const defaultHandlers = [
  // The header's task timer and the dashboard's task card (decision 165): nothing running, nothing due.
  http.get(apiUrl('/timer'), () => ok(GetTimerResponseSchema, { timer: null })),
  // The calendar's task layer: no task due in the visible days.
  http.get(apiUrl('/calendar/tasks'), () => ok(CalendarTasksResponseSchema, { tasks: [], truncated: false })),
  http.get(apiUrl('/dashboard/my-tasks'), () =>
    ok(MyTasksDashboardResponseSchema, { overdue: [], today: [], overdueTotal: 0, todayTotal: 0 }),
  ),
  // The client dashboard's "Propuestas y contratos" (decision 174): none sent.
  ...['/proposals', '/contracts'].map((path) =>
    http.get(apiUrl(path), () =>
      ok(ListSignableDocumentsResponseSchema, {
        documents: [],
        pagination: { page: 1, limit: 50, total: 0 },
      }),
    ),
  ),
  http.get(apiUrl('/payment-reports'), () =>
    ok(ListPaymentReportsResponseSchema, {
      paymentReports: [],
      pagination: { page: 1, limit: 20, total: 0 },
    }),
  ),
  http.get(apiUrl('/invoices/:id/payment-options'), () =>
    ok(GetInvoicePaymentOptionsResponseSchema, {
      paymentOptions: { open: false, card: false, report: false, reportedPending: 0 },
    }),
  ),
  http.get(apiUrl('/settings/public'), () =>
    ok(GetPublicSettingsResponseSchema, {
      settings: {
        name: 'Agencia Digital RD',
        logo: null,
        currency: 'DOP',
        primaryColor: '#1e3a8a',
        secondaryColor: '#f59e0b',
        whatsappNumber: null,
        email: null,
        phone: null,
        timezone: 'America/Santo_Domingo',
        timeFormat: '12h',
      },
    }),
  ),
];

/**
 * The network of the web tests (see the top of this file). `server.resetHandlers()` after each
 * test drops what a test added and keeps the defaults.
 */
export const server = setupServer(...defaultHandlers);

export { HttpResponse, http };
