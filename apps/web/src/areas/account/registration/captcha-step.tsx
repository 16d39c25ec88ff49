import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { OTP_LENGTH } from '@bazaar/shared';
import { IconMailForward, IconRefresh } from '@tabler/icons-react';
import type { CaptchaState } from '../../../api/accounts/captcha';
import { CaptchaField } from '../../../components/captcha-field';
import { PATHS } from '../../../config/site';
import type { RegistrationForm } from './registration-form';
import type { RegistrationOtp } from './use-registration-otp';

/** '0:42' */
function formatCountdown(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * The seller's emailed code (docs/accounts.md): Send OTP mails it to the email of
 * Account Setup; then the 6-digit field appears, and Resend OTP waits for the server's cool-down.
 */
function OtpSection({
  form,
  otp,
  email,
}: {
  form: RegistrationForm;
  otp: RegistrationOtp;
  email: string | null;
}) {
  const sent = email !== null && otp.sentTo === email;
  const otpProps = form.getInputProps('otp');
  const handleSend = () => {
    if (!email) return;
    form.clearFieldError('otp');
    otp.send(email);
  };
  return (
    <Paper withBorder radius="md" p="md" bg="gray.0">
      <Stack gap="sm">
        <div>
          <Text fw={600}>Email OTP</Text>
          <Text fz="sm" c="dimmed">
            {sent
              ? `We sent a ${OTP_LENGTH}-digit code to ${email}. It may take a minute to arrive.`
              : `We email a ${OTP_LENGTH}-digit code to ${email ?? 'the email of Account Setup'} to confirm it is yours.`}
          </Text>
        </div>
        {sent && (
          <TextInput
            label="OTP"
            placeholder={`${OTP_LENGTH} digits from the email`}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={OTP_LENGTH}
            withAsterisk
            maw={260}
            {...otpProps}
          />
        )}
        <Group gap="sm" align="center">
          {sent ? (
            <Button
              variant="light"
              leftSection={<IconRefresh size={16} aria-hidden="true" />}
              onClick={handleSend}
              loading={otp.isSending}
              disabled={otp.resendIn > 0}
            >
              Resend OTP
            </Button>
          ) : (
            <Button
              leftSection={<IconMailForward size={16} aria-hidden="true" />}
              onClick={handleSend}
              loading={otp.isSending}
              disabled={email === null}
            >
              Send OTP
            </Button>
          )}
          {sent && otp.resendIn > 0 && (
            <Text fz="sm" c="dimmed" aria-live="off">
              You can ask for a new code in {formatCountdown(otp.resendIn)}
            </Text>
          )}
        </Group>
        {!sent && otpProps.error && (
          <Text fz="sm" c="red.8" role="alert">
            {otpProps.error}
          </Text>
        )}
        {otp.error && (
          <Alert color="red" variant="light" role="alert" p="xs">
            {otp.error}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The Captcha step (docs/accounts.md): the captcha with refresh; for sellers the emailed
 * OTP; the terms checkbox 'I accept Terms & Condition', its link opening in a new tab.
 */
export function CaptchaStep({
  form,
  kind,
  captcha,
  otp,
  email,
}: {
  form: RegistrationForm;
  kind: 'customer' | 'seller';
  captcha: CaptchaState;
  otp: RegistrationOtp;
  /** The email of Account Setup, normalised; null when it is not a valid email. */
  email: string | null;
}) {
  return (
    <Stack gap="lg">
      <CaptchaField captcha={captcha} {...form.getInputProps('captchaCode')} />
      {kind === 'seller' && <OtpSection form={form} otp={otp} email={email} />}
      <Checkbox
        label={
          <>
            I accept{' '}
            <Anchor href={PATHS.termCondition} target="_blank" rel="noopener noreferrer">
              Terms &amp; Condition
            </Anchor>
          </>
        }
        {...form.getInputProps('acceptTerms', { type: 'checkbox' })}
      />
    </Stack>
  );
}
