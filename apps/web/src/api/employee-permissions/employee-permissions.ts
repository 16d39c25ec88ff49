import type { EmployeePermissionsTable, SaveEmployeePermissions } from '@bazaar/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as endpoints from '../endpoints/employee-permissions';

/** Roles and permissions (docs/back-office-people.md): what each job title may do. */
export const employeePermissionKeys = { all: ['employee-permissions'] as const };

/** `GET /api/employee-permissions` (admin). */
export function getEmployeePermissions(signal?: AbortSignal): Promise<EmployeePermissionsTable> {
  return callApi(endpoints.getEmployeePermissions, { signal });
}

export function employeePermissionsQueryOptions() {
  return queryOptions({
    queryKey: employeePermissionKeys.all,
    queryFn: ({ signal }) => getEmployeePermissions(signal),
  });
}

export function useEmployeePermissions() {
  return useQuery(employeePermissionsQueryOptions());
}

/** `PUT /api/employee-permissions` (admin): saves the rows, answers the whole table. */
export function saveEmployeePermissions(
  input: SaveEmployeePermissions,
): Promise<EmployeePermissionsTable> {
  return callApi(endpoints.saveEmployeePermissions, { body: input });
}

export function useSaveEmployeePermissions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEmployeePermissions,
    onSuccess: (table) => queryClient.setQueryData(employeePermissionKeys.all, table),
  });
}
