import { ModulePending } from '../../../components/ui/module-pending';

/** /calendar — placeholder until the calendar feature lands (spec doc 2 §2). */
export function CalendarPage() {
  return <ModulePending title="Calendario" />;
}
