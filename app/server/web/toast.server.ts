import { createCookieSessionStorage, redirect } from "@remix-run/node";
import * as z from "zod";
import { getEnv } from "../platform/env.server";
import { combineHeaders } from "../platform/http.server";

/** A toast carries a locale key and its values; the text itself comes from locales/sv when rendered. */
const ToastSchema = z.object({
  id: z.string(),
  type: z.enum(["success", "error", "info"]).default("success"),
  key: z.string(),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type Toast = z.infer<typeof ToastSchema>;
export type ToastInput = Omit<Toast, "id" | "type"> & Partial<Pick<Toast, "id" | "type">>;

const FLASH_KEY = "toasts";

type ToastStorage = ReturnType<typeof createCookieSessionStorage<Record<string, never>, { toasts: unknown }>>;
let storage: ToastStorage | undefined;
function toastStorage() {
  const env = getEnv();
  storage ??= createCookieSessionStorage<Record<string, never>, { toasts: unknown }>({
    cookie: {
      name: "__flash",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: env.secureCookies,
      secrets: env.sessionSecrets,
    },
  });
  return storage;
}

/** Several toasts may be queued before a redirect; identical ones (same key and values) are kept once. */
export async function createToastHeaders(
  request: Request | null,
  input: ToastInput | ToastInput[],
): Promise<Headers> {
  const session = await toastStorage().getSession(request?.headers.get("Cookie"));
  const existing = parseToasts(session.get(FLASH_KEY));
  const incoming = (Array.isArray(input) ? input : [input]).map((t) =>
    ToastSchema.parse({ ...t, id: t.id ?? crypto.randomUUID() }),
  );
  session.flash(FLASH_KEY, dedupeToasts([...existing, ...incoming]));
  return new Headers({ "Set-Cookie": await toastStorage().commitSession(session) });
}

export async function redirectWithToast(
  url: string,
  toast: ToastInput | ToastInput[],
  init?: ResponseInit & { request?: Request },
) {
  const { request, ...rest } = init ?? {};
  return redirect(url, {
    status: 303,
    ...rest,
    headers: combineHeaders(rest.headers, await createToastHeaders(request ?? null, toast)),
  });
}

/** Reads and clears the flashed toasts. */
export async function getToasts(request: Request): Promise<{ toasts: Toast[]; headers: Headers | null }> {
  const session = await toastStorage().getSession(request.headers.get("Cookie"));
  const toasts = parseToasts(session.get(FLASH_KEY));
  if (toasts.length === 0) return { toasts, headers: null };
  return { toasts, headers: new Headers({ "Set-Cookie": await toastStorage().destroySession(session) }) };
}

function parseToasts(value: unknown): Toast[] {
  const parsed = z.array(ToastSchema).safeParse(value);
  return parsed.success ? parsed.data : [];
}

export function dedupeToasts(toasts: Toast[]): Toast[] {
  const seen = new Set<string>();
  return toasts.filter((t) => {
    const identity = JSON.stringify([t.type, t.key, t.values ?? {}]);
    if (seen.has(identity)) return false;
    seen.add(identity);
    return true;
  });
}
