import { Alert, Container } from '@mantine/core';
import { permissionRefusal, userMay, type EmployeePermission } from '@bazaar/shared';
import type { ReactNode } from 'react';
import { useSession } from '../../api/accounts/session';

/**
 * Shows a staff page only when the signed-in employee's job title has `permission`
 * (docs/back-office-people.md "Roles and permissions"); otherwise the server's own refusal text,
 * "Your role (Helper) may not create customer requests". The admin is never limited. Rendered
 * inside RequireRole, so the session is already there.
 */
export function RequirePermission({
  permission,
  children,
}: {
  permission: EmployeePermission;
  children: ReactNode;
}) {
  const { user } = useSession();
  if (userMay(user, permission)) return children;
  return (
    <Container size="sm" py="xl">
      <Alert color="yellow" title="Not allowed">
        {permissionRefusal(user?.jobTitle ?? null, permission)}
      </Alert>
    </Container>
  );
}
