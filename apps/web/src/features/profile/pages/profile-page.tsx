import { ModulePending } from '../../../components/ui/module-pending';

/** /profile — placeholder until the profile feature lands (spec doc 2 §2). */
export function ProfilePage() {
  return <ModulePending title="Mi Perfil" />;
}
