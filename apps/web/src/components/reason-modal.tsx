import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { ReactNode } from 'react';

/** A request schema whose `reason` field the dialog checks (`ReturnRequestInputSchema`...). */
export type ReasonSchema = Parameters<typeof schemaResolver>[0];

interface ReasonModalProps {
  opened: boolean;
  title: string;
  /** What the action does, above the field ("The customer is told by email..."). */
  intro?: ReactNode;
  /** The field's label: 'Reason', 'Why are you returning them?'. */
  label: string;
  placeholder?: string;
  /** A reason is required (the default); an optional one may be sent empty. */
  required?: boolean;
  /** The longest reason, in characters. */
  maxChars: number;
  /** The shortest reason, in characters: shown under the field with the count typed so far. */
  minChars?: number;
  /**
   * The action's request schema, an object with a `reason` field: its rules and messages are the
   * field's, so the dialog refuses what the server would.
   */
  schema: ReasonSchema;
  confirmLabel: string;
  /** The button that closes without acting: 'Keep it', 'Keep the items'. */
  keepLabel: string;
  pending: boolean;
  /** The server's refusal of the last attempt, shown under the field. */
  refusal: string | null;
  /** Called with the trimmed reason once the schema accepts it (empty for an optional one). */
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

function ReasonForm({
  intro,
  label,
  placeholder,
  required = true,
  maxChars,
  minChars,
  schema,
  confirmLabel,
  keepLabel,
  pending,
  refusal,
  onConfirm,
  onClose,
}: Omit<ReasonModalProps, 'opened' | 'title'>) {
  const form = useForm({
    initialValues: { reason: '' },
    validate: schemaResolver(schema, { sync: true }),
  });
  const typed = form.values.reason.trim().length;
  // The server's refusal stays until the reason is changed.
  const edited = form.isDirty('reason');
  const fieldProps = form.getInputProps('reason');
  return (
    <form
      onSubmit={form.onSubmit(({ reason }) => {
        form.resetDirty();
        onConfirm(reason.trim());
      })}
    >
      <Stack gap="sm">
        {intro && <Text fz="sm">{intro}</Text>}
        <Textarea
          label={label}
          placeholder={placeholder}
          required={required}
          autosize
          minRows={required ? 3 : 2}
          maxLength={maxChars}
          {...fieldProps}
          error={fieldProps.error ?? (edited ? null : refusal)}
          description={
            minChars === undefined
              ? undefined
              : `${typed}/${maxChars} characters, at least ${minChars}`
          }
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {keepLabel}
          </Button>
          <Button type="submit" color="red" loading={pending}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The dialog that asks why before an action: cancelling or returning an order, rejecting a
 * return or a customer request, a failed delivery. The reason is checked with the action's
 * request schema before `onConfirm`; the server's refusal shows under the field. Each opening
 * starts with an empty field.
 */
export function ReasonModal({ opened, title, onClose, ...form }: ReasonModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      {opened && <ReasonForm {...form} onClose={onClose} />}
    </Modal>
  );
}
