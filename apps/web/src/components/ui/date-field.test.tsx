import { useForm } from '@mantine/form';
import { act, fireEvent, screen } from '@testing-library/react';

import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { useDisplayStore } from '../../stores/display-store';
import { DateField, parseDateInput } from './date-field';

/** A form holding one ISO date, as the portal's forms do, with its value printed for the test. */
function DateForm({ initial = '2026-03-09' }: { initial?: string }) {
  const form = useForm({ initialValues: { due: initial } });
  return (
    <>
      <DateField label="Fecha de vencimiento" required {...form.getInputProps('due')} />
      <output data-testid="value">{JSON.stringify(form.values.due)}</output>
    </>
  );
}

/** An optional date (no `required`): Mantine shows its clear button. */
function OptionalDateForm() {
  const form = useForm({ initialValues: { paid: '2026-03-09' } });
  return (
    <>
      <DateField label="Fecha de pago" {...form.getInputProps('paid')} />
      <output data-testid="value">{JSON.stringify(form.values.paid)}</output>
    </>
  );
}

const field = () => screen.getByLabelText(/Fecha de vencimiento/) as HTMLInputElement;
const stored = () => JSON.parse(screen.getByTestId('value').textContent ?? '""');

describe('DateField (issue 32: dates in the user’s format everywhere)', () => {
  afterEach(() => useDisplayStore.getState().setDateFormat('DD/MM/YYYY'));

  it('shows the ISO value in the user’s date format and follows a change of the setting', () => {
    renderWithProviders(<DateForm />);
    expect(field().value).toBe('09/03/2026');
    act(() => useDisplayStore.getState().setDateFormat('MM/DD/YYYY'));
    expect(field().value).toBe('03/09/2026');
    act(() => useDisplayStore.getState().setDateFormat('YYYY-MM-DD'));
    expect(field().value).toBe('2026-03-09');
    expect(stored()).toBe('2026-03-09');
  });

  it('reads what the user types in their format and stores the ISO day', () => {
    renderWithProviders(<DateForm />);
    fireEvent.change(field(), { target: { value: '25/12/2026' } });
    expect(stored()).toBe('2026-12-25');
    fireEvent.blur(field());
    expect(field().value).toBe('25/12/2026');
  });

  it('parses each format, accepts ISO always and refuses days that do not exist', () => {
    expect(parseDateInput('5/1/2026', 'DD/MM/YYYY')).toBe('2026-01-05');
    expect(parseDateInput('5/1/2026', 'MM/DD/YYYY')).toBe('2026-05-01');
    expect(parseDateInput('2026-01-05', 'DD/MM/YYYY')).toBe('2026-01-05');
    expect(parseDateInput('2026-01-05', 'YYYY-MM-DD')).toBe('2026-01-05');
    expect(parseDateInput('31/02/2026', 'DD/MM/YYYY')).toBeNull();
    expect(parseDateInput('13/25/2026', 'MM/DD/YYYY')).toBeNull();
    expect(parseDateInput('05/01/2026', 'YYYY-MM-DD')).toBeNull();
    expect(parseDateInput('mañana', 'DD/MM/YYYY')).toBeNull();
  });

  it('an optional date clears with a named button and stores an empty value', () => {
    renderWithProviders(<OptionalDateForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Borrar fecha' }));
    expect(stored()).toBe('');
  });
});
