import { type BusinessHours, DEFAULT_BUSINESS_HOURS, GetBusinessHoursResponseSchema } from '@agencia/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiUrl, http, ok, server } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { BusinessHoursCard } from './business-hours-card';

// Configuración → Empresa → "Horario laboral" (decision 145).

function mockHours(hours: BusinessHours = DEFAULT_BUSINESS_HOURS) {
  const sent: unknown[] = [];
  server.use(
    http.get(apiUrl('/settings/business-hours'), () =>
      ok(GetBusinessHoursResponseSchema, { businessHours: hours }),
    ),
    http.put(apiUrl('/settings/business-hours'), async ({ request }) => {
      const body = (await request.json()) as { businessHours: BusinessHours };
      sent.push(body);
      return ok(GetBusinessHoursResponseSchema, body);
    }),
  );
  return sent;
}

const card = () => screen.findByRole('region', { name: 'Horario laboral' });

describe('Configuración → Empresa: Horario laboral', () => {
  it('shows the stored days (Sunday closed) and saves a closed Saturday', async () => {
    const sent = mockHours();
    renderWithProviders(<BusinessHoursCard />);
    const region = await card();
    const saturday = within(region).getByRole('checkbox', { name: 'Sábado' }) as HTMLInputElement;
    await waitFor(() => expect(saturday.checked).toBe(true));
    expect((within(region).getByRole('checkbox', { name: 'Domingo' }) as HTMLInputElement).checked).toBe(
      false,
    );
    fireEvent.click(saturday);
    fireEvent.click(within(region).getByRole('button', { name: 'Guardar horario' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ businessHours: DEFAULT_BUSINESS_HOURS.filter((d) => d.dayOfWeek !== 6) });
  }, 30_000);
});
