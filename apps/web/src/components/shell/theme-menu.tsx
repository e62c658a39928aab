import { THEME_VARIANTS } from '@agencia/shared';
import {
  ActionIcon,
  ColorSwatch,
  Menu,
  Switch,
  useComputedColorScheme,
  useMantineColorScheme,
  useMantineTheme,
} from '@mantine/core';
import { IconCheck, IconDeviceDesktop, IconPalette } from '@tabler/icons-react';
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
          <IconPalette size={20} stroke={1.6} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Apariencia</Menu.Label>
        <Menu.Item
          role="menuitemcheckbox"
          aria-checked={isDark}
          closeMenuOnClick={false}
          onClick={() => setColorScheme(isDark ? 'light' : 'dark')}
          rightSection={<Switch checked={isDark} readOnly size="sm" tabIndex={-1} aria-hidden />}
        >
          Modo oscuro
        </Menu.Item>
        <Menu.Item
          role="menuitemcheckbox"
          aria-checked={colorScheme === 'auto'}
          leftSection={<IconDeviceDesktop size={16} />}
          rightSection={colorScheme === 'auto' ? <IconCheck size={16} /> : null}
          onClick={() => setColorScheme('auto')}
        >
          Usar configuración del sistema
        </Menu.Item>
        <Menu.Divider />
        <Menu.Label>Variantes de tema</Menu.Label>
        {THEME_VARIANTS.map((option) => {
          const config = VARIANT_CONFIG[option.value];
          const swatch = theme.colors[config.primaryColor]?.[config.shade] ?? config.primaryColor;
          const selected = option.value === variant;
          return (
            <Menu.Item
              key={option.value}
              role="menuitemradio"
              aria-checked={selected}
              leftSection={<ColorSwatch color={swatch} size={16} aria-hidden />}
              rightSection={selected ? <IconCheck size={16} /> : null}
              onClick={() => setVariant(option.value)}
            >
              {option.label}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
