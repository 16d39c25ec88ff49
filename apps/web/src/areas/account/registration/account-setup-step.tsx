import { Box, Loader, PasswordInput, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { ACCOUNT_MESSAGES, confirmPasswordFeedback, PASSWORD_RULES } from '@bazaar/shared';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { emailAvailabilityQueryOptions } from '../../../api/accounts/email-availability';
import { PasswordChecklist } from '../../../components/password-checklist';
import { normalEmail } from './checks';
import { passwordsMatch, type RegistrationForm } from './registration-form';

const RULE_MESSAGES: ReadonlySet<string> = new Set(PASSWORD_RULES.map((rule) => rule.message));

/** Debounce of the live email check (ms after the last key). */
const EMAIL_CHECK_DELAY_MS = 400;

/**
 * Account Setup (docs/accounts.md): name (the shop's name for sellers), email, password
 * and confirmation. The email is checked while typing (400 ms after the last key, and on leaving
 * the field); the password shows its checklist and the confirmation its feedback as they change.
 */
export function AccountSetupStep({
  form,
  kind,
}: {
  form: RegistrationForm;
  kind: 'customer' | 'seller';
}) {
  const { values, errors } = form;
  const currentEmail = normalEmail(values.email);
  const [emailToCheck, setEmailToCheck] = useState<string | null>(currentEmail);
  const scheduleEmailCheck = useDebouncedCallback(
    (email: string | null) => setEmailToCheck(email),
    EMAIL_CHECK_DELAY_MS,
  );
  const availability = useQuery({
    ...emailAvailabilityQueryOptions(emailToCheck ?? ''),
    enabled: emailToCheck !== null,
  });
  const checked = emailToCheck !== null && emailToCheck === currentEmail;
  const emailTaken = checked && availability.data?.emailStatus === 'exist';
  const emailFree = checked && availability.data?.emailStatus === 'available';

  const emailProps = form.getInputProps('email');
  const passwordError = errors.password;
  // The checklist lists every unmet rule once something is typed; before that the field's own
  // message says what is missing.
  const showChecklist = values.password !== '';
  const matched = passwordsMatch(values);
  const confirmError =
    errors.confirmPassword ??
    (values.confirmPassword !== '' && !matched
      ? confirmPasswordFeedback(values.password, values.confirmPassword)
      : undefined);

  return (
    <Stack gap="md">
      <TextInput
        label={kind === 'seller' ? 'Shop name' : 'Name'}
        placeholder={kind === 'seller' ? 'The name customers will see' : 'Your full name'}
        withAsterisk
        autoComplete={kind === 'seller' ? 'organization' : 'name'}
        maxLength={80}
        {...form.getInputProps('name')}
      />
      <TextInput
        label="Email"
        placeholder="you@example.com"
        type="email"
        withAsterisk
        autoComplete="email"
        {...emailProps}
        onChange={(event) => {
          emailProps.onChange(event);
          scheduleEmailCheck(normalEmail(event.currentTarget.value));
        }}
        onBlur={(event) => {
          emailProps.onBlur?.(event);
          scheduleEmailCheck.flush();
        }}
        error={emailProps.error ?? (emailTaken ? ACCOUNT_MESSAGES.emailTaken : undefined)}
        rightSection={
          checked && availability.isFetching ? (
            <Loader size="xs" role="progressbar" aria-label="Checking availability" />
          ) : emailFree ? (
            <>
              <IconCircleCheck size={20} color="var(--mantine-color-green-7)" aria-hidden="true" />
              <VisuallyHidden>Available</VisuallyHidden>
            </>
          ) : null
        }
      />
      <div>
        <PasswordInput
          label="Password"
          placeholder="At least 8 characters"
          withAsterisk
          autoComplete="new-password"
          maxLength={128}
          {...form.getInputProps('password')}
          error={
            showChecklist && RULE_MESSAGES.has(String(passwordError))
              ? Boolean(passwordError)
              : passwordError
          }
          aria-describedby={showChecklist ? 'registration-password-checklist' : undefined}
        />
        <Box mt={6}>
          <PasswordChecklist password={values.password} id="registration-password-checklist" />
        </Box>
      </div>
      <PasswordInput
        label="Confirm password"
        placeholder="Type the password again"
        withAsterisk
        autoComplete="new-password"
        maxLength={128}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        {...form.getInputProps('confirmPassword')}
        error={confirmError}
        description={
          matched ? (
            <Text component="span" fz="xs" c="green.8" fw={600}>
              {confirmPasswordFeedback(values.password, values.confirmPassword)}
            </Text>
          ) : undefined
        }
      />
    </Stack>
  );
}
