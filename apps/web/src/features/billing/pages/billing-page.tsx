import { ModulePending } from '../../../components/ui/module-pending';

/** /billing — placeholder until the billing feature lands (spec doc 2 §2). */
export function BillingPage() {
  return <ModulePending title="Facturación" />;
}
