import { ROLE_LABELS, ROLES } from '@agencia/shared';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';

/** The fields the create and edit user forms share (spec doc 2 §5). */
export interface UserFormBase {
  firstName: string;
  lastName: string;
  email: string;
  role: string;
  department: string;
  phone: string;
}

const ROLE_OPTIONS = ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));

interface UserFormFieldsProps<T extends UserFormBase> {
  form: UseFormReturnType<T>;
  /** Department options (the fixed list, plus a legacy value the user may hold). */
  departments: string[];
  /** Role and department are required on creation (asterisk, no empty department). */
  required?: boolean;
  /** Focus the first field when the modal opens. */
  autoFocus?: boolean;
  /** Rendered after the email (e.g. the password on creation). */
  afterEmail?: ReactNode;
  /** Rendered in the role row after the department (e.g. the status on edit). */
  extraRoleField?: ReactNode;
}

/**
 * Name, email, role, department and phone inputs bound to a Mantine form whose values extend
 * {@link UserFormBase}; used by the create and edit user modals.
 */
export function UserFormFields<T extends UserFormBase>({
  form,
  departments,
  required = false,
  autoFocus = false,
  afterEmail,
  extraRoleField,
}: UserFormFieldsProps<T>) {
  // Mantine's form typing is per value shape; the shared fields are addressed by name.
  const f = form as unknown as UseFormReturnType<UserFormBase>;
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Nombre"
          withAsterisk
          data-autofocus={autoFocus || undefined}
          key={f.key('firstName')}
          {...f.getInputProps('firstName')}
        />
        <TextInput label="Apellido" withAsterisk key={f.key('lastName')} {...f.getInputProps('lastName')} />
      </SimpleGrid>
      <TextInput label="Email" type="email" withAsterisk key={f.key('email')} {...f.getInputProps('email')} />
      {afterEmail}
      <SimpleGrid cols={{ base: 1, sm: extraRoleField ? 3 : 2 }}>
        <Select
          label="Rol"
          data={ROLE_OPTIONS}
          allowDeselect={false}
          withAsterisk={required}
          key={f.key('role')}
          {...f.getInputProps('role')}
        />
        <Select
          label="Departamento"
          data={departments}
          allowDeselect={!required}
          withAsterisk={required}
          key={f.key('department')}
          {...f.getInputProps('department')}
        />
        {extraRoleField}
      </SimpleGrid>
      <TextInput label="Teléfono" type="tel" key={f.key('phone')} {...f.getInputProps('phone')} />
    </>
  );
}
