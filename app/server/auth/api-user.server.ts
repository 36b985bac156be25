import type { User } from "../domain/users.server";

/** The user as spec 01 §3 shapes it for API clients. */
export function userJson(user: User) {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    status: user.status,
    actions: user.actions,
    features: user.features,
    activeFeatures: user.features,
    office: user.office,
    offices: user.offices.map((o) => ({ id: o.id, name: o.name })),
    tenant: user.tenantId,
    tenantDisplayName: user.tenantDisplayName,
  };
}

/** Field errors of a failed zod parse, translated, keyed by field path. */
export function fieldErrors(
  issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>,
  t: (key: string) => string,
) {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".") || "body";
    const text = t(issue.message);
    const list = (errors[key] ??= []);
    // zod reports one message per failed check; a field that fails two checks the same way says it once.
    if (!list.includes(text)) list.push(text);
  }
  return errors;
}

export { readJsonBody as readJson } from "../body.server";
