import { Group } from '@mantine/core';
import { ModulePending } from '../../../components/ui/module-pending';
import { RequestsLink } from '../components/requests-link';

/** /clients — placeholder until the clients feature lands (spec doc 2 §2). */
export function ClientsPage() {
  return (
    <>
      <Group justify="flex-end" mb="sm">
        <RequestsLink />
      </Group>
      <ModulePending title="Clientes" />
    </>
  );
}
