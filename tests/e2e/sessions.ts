import path from "node:path";
import { test, type PlaywrightTestArgs, type PlaywrightTestOptions } from "@playwright/test";

/**
 * Where auth.setup.ts keeps the sessions of the people the specs visit as: one folder per server (by its port), since
 * each project has a server of its own, and a session is its server's.
 */
export const AUTH_DIR = path.join("tests", "e2e", ".auth");

/** A person's session file on the server at `baseURL`. */
export function sessionFile(baseURL: string, key: string): string {
  return path.join(AUTH_DIR, new URL(baseURL).port, `${key}.json`);
}

/** For `test.use({ storageState: storageFor(key) })`: the person's session on the project's own server. */
export function storageFor(key: string) {
  return async (
    { baseURL }: Pick<PlaywrightTestOptions, "baseURL"> & Partial<PlaywrightTestArgs>,
    use: (file: string) => Promise<void>,
  ) => {
    await use(sessionFile(baseURL!, key));
  };
}

/** Inside a test: the person's session file on the running project's server, for a context of the test's own. */
export function storageOf(key: string): string {
  return sessionFile(test.info().project.use.baseURL!, key);
}
