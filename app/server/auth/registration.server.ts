import { redirect } from "@remix-run/node";
import * as z from "zod";
import "~/schemas/zod-errors";
import type { User } from "../domain/users.server";
import { redirectToLogin } from "../web/api.server";
import { getSession } from "../platform/session.server";
import { getOptionalUser } from "./user.server";

/** Registration is only for a signed-in Pending user who has not registered yet; anyone else goes to /. */
export async function requireUnregisteredUser(request: Request): Promise<User> {
  const user = await getOptionalUser(request);
  if (!user) throw redirectToLogin(request);
  if (user.status !== "Pending" || user.registered) throw redirect("/");
  return user;
}

const DraftSchema = z.object({
  firstName: z.string().max(200).optional(),
  lastName: z.string().max(200).optional(),
  email: z.string().max(300).optional(),
});
export type RegisterDraft = z.infer<typeof DraftSchema>;

export async function registrationState(request: Request) {
  const session = await getSession(request);
  let draft: RegisterDraft | null = null;
  const raw = session.get("registerDraft");
  if (raw) {
    try {
      const parsed = DraftSchema.safeParse(JSON.parse(raw));
      if (parsed.success) draft = parsed.data;
    } catch {
      draft = null;
    }
  }
  return { session, draft, termsAccepted: Boolean(session.get("termsAcceptedAt")) };
}

export function draftFrom(form: FormData): RegisterDraft {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.slice(0, 200) : undefined;
  };
  return { firstName: text("firstName"), lastName: text("lastName"), email: text("email") };
}
