import { DATE_FORMATS, THEME_VARIANTS } from '@agencia/shared';
import { businessToday, formatNumericDate } from '@agencia/shared/dates';
import {
  Card,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
  useMantineColorScheme,
} from '@mantine/core';
import { usePreferencesEditor } from '../../../components/account/preferences-editor';
import { useDateDisplay } from '../../../stores/display-store';
import { isThemeVariant, useThemeStore } from '../../../stores/theme-store';

/** Preferences tab: language (Spanish only for now), date format and theme, saved on the server. */
export function DisplayPreferences() {
  // The format examples show today's business day (decision 123); subscribed like every date.
  useDateDisplay();
  const { prefs, fallback, save } = usePreferencesEditor('Tus preferencias se guardaron');
  const setVariant = useThemeStore((state) => state.setVariant);
  const variant = useThemeStore((state) => state.variant);
  const { colorScheme, setColorScheme } = useMantineColorScheme();

  if (!prefs) return fallback;
  return (
    <Card withBorder radius="md" p="lg">
      <Title order={2} size="h4" mb="md">
        Preferencias
      </Title>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Idioma"
            data={[{ value: 'es', label: 'Español' }]}
            value={prefs.language}
            allowDeselect={false}
            description="Por ahora el portal está disponible solo en español"
            onChange={() => undefined}
          />
          <Select
            label="Formato de fecha"
            data={DATE_FORMATS.map((f) => ({
              value: f,
              label: `${f} (${formatNumericDate(businessToday(), f)})`,
            }))}
            value={prefs.dateFormat}
            allowDeselect={false}
            onChange={(v) => v && void save({ dateFormat: v as (typeof DATE_FORMATS)[number] })}
          />
          <Select
            label="Tema"
            data={THEME_VARIANTS.map((t) => ({ value: t.value, label: t.label }))}
            value={variant}
            allowDeselect={false}
            onChange={(v) => {
              if (!v || !isThemeVariant(v)) return;
              setVariant(v);
              void save({ themeVariant: v });
            }}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="color-scheme-label">
              Apariencia
            </Text>
            <SegmentedControl
              aria-labelledby="color-scheme-label"
              value={colorScheme}
              data={[
                { value: 'light', label: 'Claro' },
                { value: 'dark', label: 'Oscuro' },
                { value: 'auto', label: 'Sistema' },
              ]}
              onChange={(v) => {
                const scheme = v as 'light' | 'dark' | 'auto';
                setColorScheme(scheme);
                void save({ colorScheme: scheme });
              }}
            />
          </Stack>
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
