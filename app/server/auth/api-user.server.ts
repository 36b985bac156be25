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
