import { Alert, Button } from '@mantine/core';
import { MESSAGES } from '@bazaar/shared';
import { IconAlertTriangle } from '@tabler/icons-react';

/**
 * The spec's technical-error message (docs/platform.md) inline on the page, with a retry
 * when the caller can try again.
 */
export function TechnicalErrorAlert({ onRetry }: { onRetry?: () => void }) {
  return (
    <Alert
      color="red"
      variant="light"
      title={MESSAGES.technicalErrorTitle}
      icon={<IconAlertTriangle />}
      role="alert"
    >
      {MESSAGES.technicalError}
      {onRetry && (
        <Button display="block" mt="sm" size="xs" color="red" variant="outline" onClick={onRetry}>
          Try again
        </Button>
      )}
    </Alert>
  );
}
