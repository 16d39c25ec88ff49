import type { CreatedEmployee, Employee, EmployeeInput, EmployeePage } from '@bazaar/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { postForm, toFormData } from '../accounts/register-seller';
import { apiFetch, withQuery } from '../api-client';

/** Query keys of the employee list (issue 7 item 5). */
export const employeeKeys = {
  all: ['employees'] as const,
  list: (search: string, page: number) => ['employees', 'list', search, page] as const,
};

/**
 * `GET /api/employees?search=&page=` (admin): 10 a page; search over name, mobile, alt mobile,
 * house mobile, role, landmark, locality and city.
 */
export function useEmployees(search: string, page: number) {
  return useQuery({
    queryKey: employeeKeys.list(search, page),
    queryFn: ({ signal }) =>
      apiFetch<EmployeePage>(withQuery('/api/employees', { search, page }), { signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * `POST /api/employees` (multipart: the EmployeeInput fields and the file `idProof`, jpg, png or
 * pdf, at most 5 MB): 201 `{ employee, generatedPassword }`.
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
  return postForm<CreatedEmployee>('/api/employees', toFormData(text, { idProof }));
}

/** Creates an employee; the employee list is refetched. */
export function useCreateEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEmployee,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: employeeKeys.all }),
  });
}

/** `POST /api/employees/{employeeId}/disable` (admin). @throws ApiError 404, 409. */
export function disableEmployee(employeeId: string): Promise<Employee> {
  return apiFetch<Employee>(`/api/employees/${encodeURIComponent(employeeId)}/disable`, {
    method: 'POST',
  });
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
 * `GET /api/employees/{employeeId}/id-proof` (admin): the id proof (PDF or WebP) as an
 * attachment, from the server's private store (never under /media/). Used as a link's href, so
 * the browser downloads it with the session cookie.
 */
export function employeeIdProofUrl(employeeId: string): string {
  return `/api/employees/${encodeURIComponent(employeeId)}/id-proof`;
}
