import { Alert, Anchor, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconArrowRight, IconSend } from '@tabler/icons-react';

/**
 * Why the last submit failed, above the step's buttons; on Verification it points to the
 * Captcha step, where a new captcha waits (each answers once).
 */
export function RegistrationFailure({
  message,
  onLastStep,
  onOpenCaptcha,
}: {
  message: string;
  onLastStep: boolean;
  onOpenCaptcha: () => void;
}) {
  return (
    <Alert
      mt="lg"
      color="red"
      variant="light"
      role="alert"
      icon={<IconAlertTriangle />}
      title="Registration not completed"
    >
      {message}
      {onLastStep && (
        <Text fz="sm" mt={6}>
          A new captcha is waiting:{' '}
          <Anchor component="button" type="button" fz="sm" onClick={onOpenCaptcha}>
            type it on the Captcha step
          </Anchor>{' '}
          and submit again.
        </Text>
      )}
    </Alert>
  );
}

/**
 * The buttons under a step: Back (hidden on the first step), Back to summary (a step opened with
 * Edit after Verification was reached), and Next, or Submit on the last step. Next and Submit
 * are the form's submit buttons.
 */
export function StepActions({
  first,
  last,
  backToSummary,
  checking,
  submitting,
  onBack,
  onBackToSummary,
}: {
  first: boolean;
  last: boolean;
  backToSummary: boolean;
  /** A step is being checked (the server's email and pincode answers). */
  checking: boolean;
  submitting: boolean;
  onBack: () => void;
  onBackToSummary: () => void;
}) {
  return (
    <Group justify="space-between" mt="xl" gap="sm">
      <Button
        variant="default"
        leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
        onClick={onBack}
        disabled={first || submitting}
        style={{ visibility: first ? 'hidden' : undefined }}
      >
        Back
      </Button>
      <Group gap="sm">
        {backToSummary && (
          <Button variant="light" onClick={onBackToSummary} loading={checking}>
            Back to summary
          </Button>
        )}
        {last ? (
          <Button
            type="submit"
            loading={submitting || checking}
            leftSection={<IconSend size={16} aria-hidden="true" />}
          >
            Submit
          </Button>
        ) : (
          <Button
            type="submit"
            loading={checking}
            rightSection={<IconArrowRight size={16} aria-hidden="true" />}
          >
            Next
          </Button>
        )}
      </Group>
    </Group>
  );
}
