import { List, ThemeIcon } from '@mantine/core';
import { PASSWORD_STRONG_MESSAGE, unmetPasswordRules } from '@bazaar/shared';
import { IconCheck, IconX } from '@tabler/icons-react';

/**
 * The password checklist (docs/accounts.md): the unmet rules in red, or 'Password is
 * Strong' in green once all are met. Nothing while the field is empty.
 */
export function PasswordChecklist({ password, id }: { password: string; id?: string }) {
  if (password === '') return null;
  const unmet = unmetPasswordRules(password);
  const strong = unmet.length === 0;
  return (
    <List
      id={id}
      size="xs"
      spacing={2}
      aria-live="polite"
      icon={
        <ThemeIcon color={strong ? 'green' : 'red'} size={16} radius="xl" aria-hidden="true">
          {strong ? <IconCheck size={12} /> : <IconX size={12} />}
        </ThemeIcon>
      }
    >
      {strong ? (
        <List.Item c="green.8">{PASSWORD_STRONG_MESSAGE}</List.Item>
      ) : (
        unmet.map((message) => (
          <List.Item key={message} c="red.8">
            {message}
          </List.Item>
        ))
      )}
    </List>
  );
}
