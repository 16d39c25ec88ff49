import {
  Button,
  FileInput,
  Grid,
  Group,
  Paper,
  Select,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  BACK_OFFICE_MESSAGES,
  COUNTRY,
  STATE,
  EMPLOYEE_JOB_TITLES,
  EmployeeInputSchema,
  ID_PROOF_MAX_BYTES,
  PEOPLE_MESSAGES,
} from '@bazaar/shared';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useCreateEmployee } from '../../../api/employees/employees';
import {
  AddressFields,
  EMPTY_ADDRESS,
  type AddressValues,
} from '../../../components/address-fields';
import { showServerFieldErrors } from '../../../components/forms/server-field-errors';
import { usePageTitle } from '../../../components/use-page-title';
import { useErrorDialog } from '../../../components/technical-error-dialog';
import { GeneratedPasswordModal } from './generated-password-modal';
import { PeoplePageHeader } from './people-page';
import { DigitsInput, MobileInput } from '../../../components/forms/mobile-input';

interface EmployeeFormValues extends AddressValues {
  name: string;
  email: string;
  mobile: string;
  altMobile: string;
  houseMobile: string;
  aadhaarNumber: string;
  employeeRole: string;
  idProof: File | null;
}

const EMPTY_EMPLOYEE: EmployeeFormValues = {
  name: '',
  email: '',
  mobile: '',
  altMobile: '',
  houseMobile: '',
  aadhaarNumber: '',
  employeeRole: '',
  idProof: null,
  ...EMPTY_ADDRESS,
};

/** The id proof's own checks before upload (the server checks the content again). */
function idProofError(file: File | null): string | null {
  if (!file) return PEOPLE_MESSAGES.idProofRequired;
  if (file.size > ID_PROOF_MAX_BYTES) return PEOPLE_MESSAGES.idProofTooLarge;
  return null;
}

const validateEmployee = schemaResolver(EmployeeInputSchema, { sync: true });

/** The shared employee rules for the fields, and the id proof's file checks. */
function employeeErrors({ idProof, ...fields }: EmployeeFormValues) {
  const errors = validateEmployee(fields);
  const fileError = idProofError(idProof);
  return fileError ? { ...errors, idProof: fileError } : errors;
}

/**
 * `/createEmployess` (admin; docs/back-office-people.md): Employee Name, Email (employees have
 * accounts: docs/decisions/0010-wholesale-customers-and-employees-have-accounts.md), Mobile,
 * Alt Mobile, Role (searchable), House Mobile, Aadhar Number (checksum),
 * Id Proof (jpg, png or pdf, at most 5 MB), the address; 'Employee created successfully' with
 * the generated password shown once.
 */
export function CreateEmployeePage() {
  usePageTitle('Create employee');
  const create = useCreateEmployee();
  const { showError, errorDialog } = useErrorDialog();
  const [created, setCreated] = useState<{
    message: string;
    name: string;
    email: string;
    password: string;
  } | null>(null);
  const form = useForm<EmployeeFormValues>({
    mode: 'controlled',
    initialValues: EMPTY_EMPLOYEE,
    validate: employeeErrors,
  });

  const handleSubmit = form.onSubmit((values) => {
    const { idProof, ...fields } = values;
    if (!idProof) return; // employeeErrors refused it already
    create.mutate(
      {
        fields: {
          ...fields,
          employeeRole: EmployeeInputSchema.parse(fields).employeeRole,
          state: STATE,
          country: COUNTRY,
        },
        idProof,
      },
      {
        onSuccess: (result) => {
          setCreated({
            message: BACK_OFFICE_MESSAGES.employeeCreated,
            name: result.employee.name,
            email: result.employee.email,
            password: result.generatedPassword,
          });
          form.reset();
        },
        onError: (error) => {
          if (!showServerFieldErrors(form, error)) showError(error);
        },
      },
    );
  });

  return (
    <Stack gap="lg" maw={960}>
      <PeoplePageHeader title="Create Employee" backTo="/viewEmployees" />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <form onSubmit={handleSubmit} noValidate aria-label="Create employee">
          <Stack gap="md">
            <Title order={2} fz="h4">
              Employee details
            </Title>
            <Grid gap="md">
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  label="Employee Name"
                  withAsterisk
                  maxLength={80}
                  {...form.getInputProps('name')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  label="Email"
                  description="The generated password is sent here"
                  withAsterisk
                  type="email"
                  maxLength={254}
                  {...form.getInputProps('email')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <MobileInput
                  label="Employee Mobile"
                  withAsterisk
                  {...form.getInputProps('mobile')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <MobileInput label="Employee Alt Mobile" {...form.getInputProps('altMobile')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <Select
                  label="Employee Role"
                  withAsterisk
                  searchable
                  placeholder="Select role"
                  data={[...EMPLOYEE_JOB_TITLES]}
                  nothingFoundMessage="No such role"
                  {...form.getInputProps('employeeRole')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <MobileInput label="House Mobile" {...form.getInputProps('houseMobile')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <DigitsInput
                  digits={12}
                  label="Aadhar Number"
                  withAsterisk
                  placeholder="12 digits"
                  {...form.getInputProps('aadhaarNumber')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <FileInput
                  label="Id Proof"
                  withAsterisk
                  placeholder="jpg, png or pdf, at most 5 MB"
                  accept="image/jpeg,image/png,application/pdf"
                  clearable
                  leftSection={<IconUpload size={16} />}
                  {...form.getInputProps('idProof')}
                />
              </Grid.Col>
            </Grid>
            <AddressFields form={form} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => form.reset()}>
                Clear
              </Button>
              <Button type="submit" loading={create.isPending}>
                Submit
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <GeneratedPasswordModal result={created} onClose={() => setCreated(null)} />
      {errorDialog}
    </Stack>
  );
}
