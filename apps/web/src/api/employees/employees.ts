import type { CreatedEmployee, Employee, EmployeeInput } from '@bazaar/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toFormData } from '../accounts/register-seller';
import { callApi, endpointUrl } from '../api-client';
import * as employeesEndpoints from '../endpoints/employees';

/** Query keys of the employee list. */
export const employeeKeys = {
  all: ['employees'] as const,
  list: (search: string, page: number) => ['employees', 'list', search, page] as const,
};

/**
 * `employeesApi.listEmployees` (admin): 10 a page; search over name, mobile, alt mobile,
 * house mobile, role, landmark, locality and city.
 */
export function useEmployees(search: string, page: number) {
  return useQuery({
    queryKey: employeeKeys.list(search, page),
    queryFn: ({ signal }) =>
      callApi(employeesEndpoints.listEmployees, { query: { search, page }, signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Creates an employee (`employeesApi.createEmployee`, multipart: the EmployeeInput fields and the
 * file `idProof`, jpg, png or pdf, at most 5 MB): `{ employee, generatedPassword }`.
 * @throws ApiError 400 with `fields`, 409 taken, 413 file too large.
 */
export function createEmployee({
  fields,
  idProof,
}: {
  fields: EmployeeInput;
  idProof: File;
}): Promise<CreatedEmployee> {
  const text = Object.fromEntries(
    Object.entries(fields).map(([name, value]) => [name, String(value ?? '')]),
  );
  return callApi(employeesEndpoints.createEmployee, { body: toFormData(text, { idProof }) });
}

/** Creates an employee; the employee list is refetched. */
export function useCreateEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEmployee,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: employeeKeys.all }),
  });
}

/** Disables an employee (`employeesApi.disableEmployee`, admin). @throws ApiError 404, 409. */
export function disableEmployee(employeeId: string): Promise<Employee> {
  return callApi(employeesEndpoints.disableEmployee, { params: { employeeId } });
}

/** Disables an employee; the employee list is refetched either way. */
export function useDisableEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableEmployee,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: employeeKeys.all }),
  });
}

/**
 * The URL of an employee's id proof (`employeesApi.downloadEmployeeIdProof`, admin): the PDF or
 * WebP as an attachment, from the server's private store (never under /media/). Used as a link's
 * href, so the browser downloads it with the session cookie.
 */
export function employeeIdProofUrl(employeeId: string): string {
  return endpointUrl(employeesEndpoints.downloadEmployeeIdProof, { params: { employeeId } });
}
