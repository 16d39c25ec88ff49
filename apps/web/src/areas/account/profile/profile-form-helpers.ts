/** Zod issues of an address (paths like `['pincode']`) as form errors (`address.pincode`). */
export function addressErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  prefix: string[] = ['address'],
): Record<string, string> {
  return fieldErrors(issues, prefix);
}

/** Zod issues as Mantine form errors, first message per field, paths joined with dots. */
export function fieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  prefix: string[] = [],
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const path = [...prefix, ...issue.path.map(String)].join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}
