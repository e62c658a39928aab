import { ModulePending } from '../../../components/ui/module-pending';

/** /clients — placeholder until the clients feature lands (spec doc 2 §2). */
export function ClientsPage() {
  return <ModulePending title="Clientes" />;
}
