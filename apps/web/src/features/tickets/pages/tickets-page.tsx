import { ModulePending } from '../../../components/ui/module-pending';

/** /tickets — placeholder until the tickets feature lands (spec doc 2 §2). */
export function TicketsPage() {
  return <ModulePending title="Tickets" />;
}
