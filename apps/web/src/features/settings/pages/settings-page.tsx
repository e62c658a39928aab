import { ModulePending } from '../../../components/ui/module-pending';

/** /settings — placeholder until the settings feature lands (spec doc 2 §2). */
export function SettingsPage() {
  return <ModulePending title="Configuración" />;
}
