import { THEME_VARIANTS } from '@agencia/shared';
import {
  ActionIcon,
  ColorSwatch,
  Menu,
  useComputedColorScheme,
  useMantineColorScheme,
  useMantineTheme,
} from '@mantine/core';
import { IconDeviceDesktop, IconPalette } from '@tabler/icons-react';
import { VARIANT_CONFIG } from '../../app/theme';
import { getErrorMessage } from '../../lib/api-client';
import { toastError } from '../../lib/toast';
import { useThemeStore } from '../../stores/theme-store';
import { useUpdatePreferences } from '../account/account-api';

/**
 * Theme customiser of spec doc 1 §2: dark mode, follow the system, and the ten variants. In the
 * portal the choice is also saved to the server preferences (decision 073), so the theme applied
 * at the next sign-in is the one chosen here.
 */
export function ThemeMenu() {
  const { colorScheme, setColorScheme: applyColorScheme } = useMantineColorScheme();
  const applyVariant = useThemeStore((state) => state.setVariant);
  const update = useUpdatePreferences();
  const persist = (input: Parameters<typeof update.mutate>[0]) =>
    update.mutate(input, {
      onError: (err) => toastError('Error', getErrorMessage(err, 'No se pudo guardar el tema')),
    });
  const setColorScheme = (scheme: 'light' | 'dark' | 'auto') => {
    applyColorScheme(scheme);
    persist({ colorScheme: scheme });
  };
  const setVariant = (value: (typeof THEME_VARIANTS)[number]['value']) => {
    applyVariant(value);
    persist({ themeVariant: value });
  };
  const computed = useComputedColorScheme('light');
  const variant = useThemeStore((state) => state.variant);
  const theme = useMantineTheme();
  const isDark = computed === 'dark';

  return (
    <Menu position="bottom-end" width={260} shadow="md" withinPortal>
      <Menu.Target>
        <ActionIcon variant="default" size="lg" aria-label="Personalizar tema">
          <IconPalette size="1.25rem" stroke={1.6} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {/* Checkbox and radio items (not menuitem + aria-checked, which ARIA does not allow). */}
        <Menu.Label>Apariencia</Menu.Label>
        <Menu.CheckboxItem
          checked={isDark}
          closeMenuOnClick={false}
          onChange={() => setColorScheme(isDark ? 'light' : 'dark')}
        >
          Modo oscuro
        </Menu.CheckboxItem>
        <Menu.CheckboxItem
          checked={colorScheme === 'auto'}
          rightSection={<IconDeviceDesktop size={16} aria-hidden />}
          onChange={() => setColorScheme('auto')}
        >
          Usar configuración del sistema
        </Menu.CheckboxItem>
        <Menu.Divider />
        <Menu.Label>Variantes de tema</Menu.Label>
        {THEME_VARIANTS.map((option) => {
          const config = VARIANT_CONFIG[option.value];
          const swatch = theme.colors[config.primaryColor]?.[config.shade] ?? config.primaryColor;
          return (
            <Menu.RadioItem
              key={option.value}
              value={option.value}
              checked={option.value === variant}
              rightSection={<ColorSwatch color={swatch} size={16} aria-hidden />}
              onChange={() => setVariant(option.value)}
            >
              {option.label}
            </Menu.RadioItem>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
