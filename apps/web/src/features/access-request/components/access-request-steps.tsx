import {
  ACCESS_BUDGETS,
  ACCESS_CLIENT_TYPES,
  COMMUNICATION_LANGUAGES,
  COMPANY_TYPES,
  DR_PROVINCES,
  EMPLOYEE_RANGES,
  GENDERS,
  MARITAL_STATUSES,
  MEETING_TIMES,
  PREFERRED_CONTACTS,
  PREFERRED_STYLES,
  PROJECT_DESCRIPTION_MIN,
} from '@agencia/shared';
import { SegmentedControl, Select, SimpleGrid, Switch, Textarea, TextInput } from '@mantine/core';
import { DateField } from '../../../components/ui/date-field';
import {
  type AccessForm,
  type AccessFormValues,
  accessInputs,
  options,
  SERVICE_OPTIONS,
} from './access-form';

/** Step 1, identification and contact: the client type, then the person's or the company's data. */
export function IdentificationStep({ form }: { form: AccessForm }) {
  const { input, selectInput } = accessInputs(form);
  const values = form.values;
  const isCompany = values.clientType === 'company';
  return (
    <>
      <SegmentedControl
        fullWidth
        data={options(ACCESS_CLIENT_TYPES)}
        value={values.clientType}
        onChange={(value) => form.setFieldValue('clientType', value as AccessFormValues['clientType'])}
        aria-label="Tipo de cliente"
      />
      {isCompany ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Nombre de la empresa" withAsterisk {...input('companyName')} />
          <TextInput label="Nombre comercial" {...input('commercialName')} />
          <TextInput label="RNC" withAsterisk placeholder="XXXXXXXXX" inputMode="numeric" {...input('rnc')} />
          <Select
            label="Tipo de sociedad"
            data={options(COMPANY_TYPES)}
            clearable
            {...selectInput('companyType')}
          />
          <TextInput label="Nombre" description="Persona de contacto" withAsterisk {...input('firstName')} />
          <TextInput label="Apellido" {...input('lastName')} />
          <TextInput
            label="Nombre del representante legal"
            withAsterisk
            {...input('legalRepresentativeName')}
          />
          <TextInput
            label="Cédula del representante legal"
            withAsterisk
            placeholder="XXX-XXXXXXX-X"
            {...input('legalRepresentativeCedula')}
          />
        </SimpleGrid>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Nombre" withAsterisk autoComplete="given-name" {...input('firstName')} />
          <TextInput label="Segundo nombre" {...input('middleName')} />
          <TextInput label="Apellido" withAsterisk autoComplete="family-name" {...input('lastName')} />
          <TextInput label="Segundo apellido" {...input('secondLastName')} />
          <TextInput label="Cédula" withAsterisk placeholder="XXX-XXXXXXX-X" {...input('cedula')} />
        </SimpleGrid>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Email principal"
          type="email"
          withAsterisk
          autoComplete="email"
          {...input('primaryEmail')}
        />
        <TextInput
          label="Teléfono principal"
          type="tel"
          withAsterisk
          autoComplete="tel"
          {...input('primaryPhone')}
        />
      </SimpleGrid>
    </>
  );
}

/** Step 2, the project: description, budget, contact preferences, current site and style. */
export function ProjectStep({ form }: { form: AccessForm }) {
  const { input, selectInput } = accessInputs(form);
  const values = form.values;
  return (
    <>
      <Textarea
        label="Descripción del proyecto"
        description={`Mínimo ${PROJECT_DESCRIPTION_MIN} caracteres (${values.projectDescription.trim().length})`}
        withAsterisk
        minRows={4}
        autosize
        {...input('projectDescription')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select label="Tipo de proyecto" data={SERVICE_OPTIONS} clearable {...selectInput('projectType')} />
        <Select
          label="Presupuesto estimado"
          withAsterisk
          data={options(ACCESS_BUDGETS)}
          {...selectInput('estimatedBudget')}
        />
        <DateField label="Fecha límite deseada" {...input('projectDeadline')} />
        <Select
          label="Contacto preferido"
          data={options(PREFERRED_CONTACTS)}
          allowDeselect={false}
          {...selectInput('preferredContact')}
        />
        <Select
          label="Horario preferido para reuniones"
          data={options(MEETING_TIMES)}
          clearable
          {...selectInput('preferredMeetingTime')}
        />
        <Select
          label="Idioma de comunicación"
          data={options(COMMUNICATION_LANGUAGES)}
          allowDeselect={false}
          {...selectInput('communicationLanguage')}
        />
      </SimpleGrid>
      <Switch
        label="Ya tengo un sitio web"
        {...form.getInputProps('hasExistingWebsite', { type: 'checkbox' })}
        onChange={(event) => {
          const checked = event.currentTarget.checked;
          form.setFieldValue('hasExistingWebsite', checked);
          // A hidden address must not block the step nor travel with the request.
          if (!checked) form.setFieldValue('currentWebsite', '');
        }}
      />
      {values.hasExistingWebsite && (
        <TextInput label="Sitio web actual" placeholder="https://" {...input('currentWebsite')} />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="Sitios de la competencia o de referencia" {...input('competitorWebsites')} />
        <TextInput label="Colores preferidos" {...input('preferredColors')} />
        <Select
          label="Estilo preferido"
          data={options(PREFERRED_STYLES)}
          clearable
          {...selectInput('preferredStyle')}
        />
      </SimpleGrid>
    </>
  );
}

/** Step 3, the address and phones. */
export function AddressStep({ form }: { form: AccessForm }) {
  const { input, selectInput } = accessInputs(form);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <TextInput label="Dirección" withAsterisk autoComplete="street-address" {...input('address')} />
      <TextInput label="Sector" {...input('sector')} />
      <TextInput label="Ciudad" withAsterisk autoComplete="address-level2" {...input('city')} />
      <Select
        label="Provincia"
        withAsterisk
        searchable
        data={[...DR_PROVINCES]}
        {...selectInput('province')}
      />
      <TextInput label="Código postal" autoComplete="postal-code" {...input('postalCode')} />
      <TextInput label="País" withAsterisk autoComplete="country-name" {...input('country')} />
      <TextInput label="Teléfono residencial" type="tel" {...input('homePhone')} />
      <TextInput label="Teléfono del trabajo" type="tel" {...input('workPhone')} />
      <TextInput label="Celular" type="tel" {...input('mobilePhone')} />
      <TextInput label="WhatsApp" type="tel" {...input('whatsappNumber')} />
    </SimpleGrid>
  );
}

/** Step 4, business data (a company) or professional and personal data (a person). */
export function ProfileStep({ form }: { form: AccessForm }) {
  const { input, selectInput } = accessInputs(form);
  return form.values.clientType === 'company' ? (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <DateField label="Fecha de constitución" {...input('foundationDate')} />
      <TextInput label="Sector del negocio" {...input('businessSector')} />
      <Select
        label="Número de empleados"
        data={options(EMPLOYEE_RANGES)}
        clearable
        {...selectInput('numberOfEmployees')}
      />
      <TextInput label="Facturación anual aproximada" {...input('annualRevenue')} />
      <TextInput label="Años en el negocio" inputMode="numeric" {...input('yearsInBusiness')} />
      <Textarea label="Productos o servicios principales" autosize minRows={2} {...input('mainProducts')} />
      <Textarea label="Mercado objetivo" autosize minRows={2} {...input('targetMarket')} />
    </SimpleGrid>
  ) : (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <DateField label="Fecha de nacimiento" {...input('birthDate')} />
      <Select label="Género" data={options(GENDERS)} clearable {...selectInput('gender')} />
      <Select
        label="Estado civil"
        data={options(MARITAL_STATUSES)}
        clearable
        {...selectInput('maritalStatus')}
      />
      <TextInput label="Ocupación" {...input('occupation')} />
      <TextInput label="Empleador actual" {...input('currentEmployer')} />
      <TextInput label="Cargo" {...input('jobTitle')} />
      <TextInput label="Dirección del trabajo" {...input('workAddress')} />
      <TextInput label="Ingreso mensual aproximado" {...input('monthlyIncome')} />
      <TextInput label="Contacto de emergencia" {...input('emergencyContactName')} />
      <TextInput label="Teléfono de emergencia" type="tel" {...input('emergencyContactPhone')} />
      <TextInput label="Parentesco" {...input('emergencyContactRelation')} />
    </SimpleGrid>
  );
}
