import path from "node:path";

/** Where auth.setup.ts keeps the sessions of the people the list specs visit as. */
export const AUTH_DIR = path.join("tests", "e2e", ".auth");
export const storageFor = (key: string) => path.join(AUTH_DIR, `${key}.json`);
