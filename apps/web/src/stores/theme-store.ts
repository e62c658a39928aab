import {
  DEFAULT_THEME_VARIANT,
  STORAGE_KEYS,
  THEME_VARIANTS,
  type ThemeVariant,
} from '@agencia/shared/constants';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export interface ThemeState {
  /** One of THEME_VARIANTS (spec doc 1 §9); the colour scheme itself is Mantine's (light/dark/auto). */
  variant: ThemeVariant;
  setVariant: (variant: ThemeVariant) => void;
}

/** Theme variant preference, persisted under `STORAGE_KEYS.theme`, default 'default'. */
export const useThemeStore = create<ThemeState>()(
  persist(
    (set) => ({
      variant: DEFAULT_THEME_VARIANT,
      setVariant: (variant) => set({ variant }),
    }),
    {
      name: STORAGE_KEYS.theme,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ variant }) => ({ variant }),
      // A stale or hand-edited value falls back to the default instead of breaking the theme.
      merge: (persisted, current) => {
        const variant = (persisted as Partial<ThemeState> | undefined)?.variant;
        return isThemeVariant(variant) ? { ...current, variant } : current;
      },
    },
  ),
);

/** True when `value` names one of the ten theme variants. */
export function isThemeVariant(value: unknown): value is ThemeVariant {
  return THEME_VARIANTS.some((v) => v.value === value);
}
