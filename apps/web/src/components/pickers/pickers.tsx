import type { Option } from '@agencia/shared';
import { RemoteMultiSelect, type RemoteMultiSelectProps } from './remote-multi-select';
import { RemoteSelect, type RemoteSelectProps } from './remote-select';

type Picker = Omit<RemoteSelectProps, 'endpoint' | 'params'>;

/**
 * Project picker: projects the caller may see (`GET /projects/options`; a client only its own,
 * an employee its team's), optionally of one client. Label = title.
 */
export function ProjectPicker({ clientId, ...props }: Picker & { clientId?: string | null }) {
  return (
    <RemoteSelect
      label="Proyecto"
      placeholder="Busca un proyecto"
      nothingFoundMessage="No se encontraron proyectos"
      {...props}
      endpoint="/projects/options"
      params={{ clientId }}
    />
  );
}

/** Client picker for staff (`GET /clients/options`): 'Empresa (Nombre Apellido)'. */
export function ClientPicker(props: Picker) {
  return (
    <RemoteSelect
      label="Cliente"
      placeholder="Busca un cliente"
      nothingFoundMessage="No se encontraron clientes"
      {...props}
      endpoint="/clients/options"
    />
  );
}

/**
 * Supplier picker for staff (`GET /suppliers/options`, decision 140): active suppliers by name
 * or RNC/cédula; label = name.
 */
export function SupplierPicker(props: Picker) {
  return (
    <RemoteSelect
      label="Suplidor"
      placeholder="Busca un suplidor por nombre o RNC"
      nothingFoundMessage="No se encontraron suplidores"
      {...props}
      endpoint="/suppliers/options"
    />
  );
}

/** Roles a user picker asks for (`staff` = admins and employees). */
export type UserPickerRole = 'staff' | 'admin' | 'employee' | 'client';

/** One active user (`GET /users/options?role=`), staff by default. */
export function UserPicker({ role = 'staff', ...props }: Picker & { role?: UserPickerRole }) {
  return (
    <RemoteSelect
      placeholder="Busca una persona"
      nothingFoundMessage="No se encontraron usuarios"
      {...props}
      endpoint="/users/options"
      params={{ role }}
    />
  );
}

/** Several active users (`GET /users/options?role=`), staff by default: team members. */
export function UsersMultiPicker({
  role = 'staff',
  ...props
}: Omit<RemoteMultiSelectProps, 'endpoint' | 'params'> & { role?: UserPickerRole; selected?: Option[] }) {
  return (
    <RemoteMultiSelect
      placeholder="Busca personas"
      nothingFoundMessage="No se encontraron usuarios"
      {...props}
      endpoint="/users/options"
      params={{ role }}
    />
  );
}
