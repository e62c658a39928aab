import { ModulePending } from '../../../components/ui/module-pending';

/** /users — placeholder until the users feature lands (spec doc 2 §2). */
export function UsersPage() {
  return <ModulePending title="Usuarios" />;
}
