import { ModulePending } from '../../../components/ui/module-pending';

/** /reports — placeholder until the reports feature lands (spec doc 2 §2). */
export function ReportsPage() {
  return <ModulePending title="Reportes" />;
}
