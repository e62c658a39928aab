import { ModulePending } from '../../../components/ui/module-pending';

/** /projects — placeholder until the projects feature lands (spec doc 2 §2). */
export function ProjectsPage() {
  return <ModulePending title="Proyectos" />;
}
