import { Button, Group, NativeSelect, Text, TextInput } from '@mantine/core';
import { ACCOUNT_MESSAGES, GENDERS, ProfileUpdateSchema, type ProfileUpdate } from '@bazaar/shared';
import { schemaResolver } from '@mantine/form';
import { IconCheck, IconPencil } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { isApiError } from '../../../api/api-client';
import { useUpdateProfile } from '../../../api/accounts/profile';
import { notify } from '../../../components/notify';
import classes from './profile-rows.module.css';

/** The profile fields a user edits one at a time. */
export type EditableField =
  'name' | 'mobile' | 'gender' | 'dateOfBirth' | 'aadhaarNumber' | 'jobTitle';

interface ProfileFieldRowProps {
  label: string;
  /** Read-only rows (email, role of an employee) have no field. */
  field?: EditableField;
  value: string | null;
  /** How the saved value reads (grouped Aadhaar digits...). */
  display?: (value: string) => ReactNode;
}

function inputFor(
  field: EditableField,
  label: string,
  value: string,
  onChange: (value: string) => void,
  error: string | null,
) {
  const common = { 'aria-label': label, error, size: 'sm' as const, autoFocus: true };
  if (field === 'gender') {
    return (
      <NativeSelect
        {...common}
        data={[{ value: '', label: 'Select gender', disabled: true }, ...GENDERS]}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    );
  }
  return (
    <TextInput
      {...common}
      type={field === 'dateOfBirth' ? 'date' : 'text'}
      inputMode={field === 'mobile' || field === 'aadhaarNumber' ? 'numeric' : undefined}
      maxLength={field === 'mobile' ? 10 : field === 'aadhaarNumber' ? 12 : 80}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

const profileErrors = schemaResolver(ProfileUpdateSchema, { sync: true });

/**
 * One row of a staff profile (docs/back-office-people.md): label, value, and its own Edit and
 * Save. Save checks the value with `ProfileUpdateSchema` and sends only this field
 * (`accountsApi.updateProfile`); the toast is 'Profile updated !!!'.
 */
export function ProfileFieldRow({ label, field, value, display }: ProfileFieldRowProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateProfile();
  const editing = draft !== null && field !== undefined;

  const handleSave = () => {
    if (!field || draft === null) return;
    const body = { [field]: draft } as ProfileUpdate;
    const problem = profileErrors(body)[field];
    if (problem) {
      setError(String(problem));
      return;
    }
    update.mutate(body, {
      onSuccess: () => {
        setDraft(null);
        setError(null);
        void notify({
          color: 'green',
          message: ACCOUNT_MESSAGES.profileUpdated,
          autoClose: 3000,
          icon: <IconCheck size={18} />,
        });
      },
      onError: (failure) => {
        setError(
          isApiError(failure) && failure.fields?.[field] ? failure.fields[field] : failure.message,
        );
      },
    });
  };

  const actions = field ? (
    editing ? (
      <Group gap={6} wrap="nowrap">
        <Button
          size="xs"
          onClick={handleSave}
          loading={update.isPending}
          aria-label={`Save ${label}`}
        >
          Save
        </Button>
        <Button
          size="xs"
          variant="default"
          onClick={() => {
            setDraft(null);
            setError(null);
          }}
          disabled={update.isPending}
          aria-label={`Cancel editing ${label}`}
        >
          Cancel
        </Button>
      </Group>
    ) : (
      <Button
        size="xs"
        variant="light"
        leftSection={<IconPencil size={14} />}
        onClick={() => setDraft(value ?? '')}
        aria-label={`Edit ${label}`}
      >
        Edit
      </Button>
    )
  ) : null;

  return (
    <div className={classes.row}>
      <dt className={classes.label}>{label}</dt>
      <dd className={classes.value}>
        {editing ? (
          <form
            className={classes.editor}
            onSubmit={(event) => {
              event.preventDefault();
              handleSave();
            }}
          >
            <div style={{ flex: '1 1 200px', minWidth: 0 }}>
              {inputFor(
                field,
                label,
                draft,
                (next) => {
                  setDraft(next);
                  setError(null);
                },
                error,
              )}
            </div>
            {actions}
          </form>
        ) : (
          <>
            {value ? (
              <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
                {display ? display(value) : value}
              </Text>
            ) : (
              <Text fz="sm" c="dimmed">
                Not given
              </Text>
            )}
            {actions}
          </>
        )}
      </dd>
    </div>
  );
}

/** The rows' list (`<dl>`), one ProfileFieldRow per field. */
export function ProfileFieldList({ children }: { children: ReactNode }) {
  return <dl className={classes.rows}>{children}</dl>;
}
