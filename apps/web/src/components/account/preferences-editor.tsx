import type { UpdatePreferencesRequest, UserPreferences } from '@agencia/shared';
import { Alert, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { getErrorMessage } from '../../lib/api-client';
import { toastError, toastSuccess } from '../../lib/toast';
import { usePreferences, useUpdatePreferences } from './account-api';

/**
 * What a preferences card needs: the saved preferences (`prefs`, undefined until loaded), the
 * element to show instead meanwhile (`fallback`: a loader, or a red alert when they could not be
 * loaded) and `save`, which sends a subset and toasts "Configuración actualizada" with
 * `savedMessage`, or the error.
 */
export function usePreferencesEditor(savedMessage: string): {
  prefs: UserPreferences | undefined;
  fallback: ReactNode;
  save: (input: UpdatePreferencesRequest) => Promise<void>;
} {
  const { data: prefs, isLoading, error } = usePreferences();
  const mutation = useUpdatePreferences();
  const save = async (input: UpdatePreferencesRequest) => {
    try {
      await mutation.mutateAsync(input);
      toastSuccess('Configuración actualizada', savedMessage);
    } catch (err) {
      toastError('Error', getErrorMessage(err, 'No se pudieron guardar las preferencias'));
    }
  };
  const fallback = isLoading ? (
    <Loader aria-label="Cargando preferencias" />
  ) : (
    <Alert color="red">{getErrorMessage(error, 'No se pudieron cargar las preferencias')}</Alert>
  );
  return { prefs: isLoading || error ? undefined : prefs, fallback, save };
}
