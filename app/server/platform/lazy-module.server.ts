import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/**
 * A client library loaded on its first use rather than when the module that uses it is imported: the S3 SDK,
 * nodemailer, ioredis and pg cost seconds to load together, and an install (or a test) that is not configured
 * for them never uses them. Synchronous, so the getters that create a client stay synchronous; the package
 * must have a CommonJS entry (all four do). The built server keeps them external, so `require` finds them in
 * node_modules beside it as `import` would.
 */
export function lazyModule<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
}
