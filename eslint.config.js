import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const ZOD = { group: ["zod/*", "!zod/v4"], message: 'Import zod as `import * as z from "zod"`.' };
const ROUTES_AND_UI = ["~/routes/*", "~/ui/*", "~/islands/*", "**/routes/*"];
/** Sibling folders of app/server, by alias or by any relative path. */
const upward = (...folders) =>
  folders.flatMap((folder) => [
    `~/server/${folder}/*`,
    `../${folder}/*`,
    `../../${folder}/*`,
    `../../../${folder}/*`,
  ]);
/** The feature folders of the domain (decision 033); `transfers` is the transfer itself, `review` composes them. */
const FEATURES = [
  "notes",
  "documents",
  "supplements",
  "change-requests",
  "messages",
  "credit-checks",
  "decision",
  "application",
  "automatic-review",
];
const KERNEL = ["app/server/domain/core/**"];
const TRANSFER_ENTITY = ["facts", "load", "scope", "lifecycle"].map(
  (m) => `app/server/domain/transfers/${m}.server.ts`,
);
/** What the kernel may read of the transfer (negated patterns re-allow them). */
const ENTITY_ALLOWED = ["facts", "load", "scope", "lifecycle"].map((m) => `!../transfers/${m}.server`);
const NOT_IN_DOMAIN = [
  ...upward("auth", "web", "live", "jobs", "context", "demo"),
  ...["~/routes/*", "~/ui/*", "~/islands/*", "**/routes/*"],
];
function layer(target, message, group) {
  const { files, ignores = [] } = Array.isArray(target) ? { files: target } : target;
  return {
    files,
    ignores: ["**/*.test.ts", "**/*.test.tsx", ...ignores],
    rules: { "no-restricted-imports": ["error", { patterns: [ZOD, { group, message }] }] },
  };
}

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "public/build/**",
      "data/**",
      "node_modules/**",
      "test-results/**",
      "playwright-report/**",
      "public/vendor/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["zod/*", "!zod/v4"], message: 'Import zod as `import * as z from "zod"`.' }] },
      ],
    },
  },
  {
    // Playwright fixtures call their continuation `use`, which is not React's hook.
    files: ["tests/e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  // The layers (README "Where things are", docs/architecture.md): each block names what a folder may not import.
  // Every block repeats the zod rule, because a later no-restricted-imports replaces an earlier one.
  layer(
    ["app/lib/**", "app/ui/**", "app/islands/**", "app/schemas/**"],
    "Browser code must not import server code.",
    ["~/server/*", "**/*.server", "**/*.server.ts"],
  ),
  layer(
    { files: ["app/server/domain/**"], ignores: [...KERNEL, ...TRANSFER_ENTITY] },
    "The domain never imports auth, the HTTP adapters, the live channel, the jobs, the composition root, the demo " +
      "seed, the routes or the UI; a feature never imports the transfer review composed of them (decisions 015, 033).",
    [...NOT_IN_DOMAIN, ...upward("review")],
  ),
  layer(
    KERNEL,
    "The kernel (domain/core) imports no feature: it reads the transfer through the transfer's entity modules " +
      "(facts, load, scope, lifecycle) only (decision 033).",
    [
      ...NOT_IN_DOMAIN,
      ...FEATURES.map((f) => `../${f}/*`),
      "../review/*",
      "../transfers/*",
      ...ENTITY_ALLOWED,
      "../*.server",
    ],
  ),
  layer(
    TRANSFER_ENTITY,
    "The transfer's entity modules (facts, load, scope, lifecycle) are read by the kernel: they import neither the " +
      "kernel nor a feature (decision 033).",
    [...NOT_IN_DOMAIN, "../core/*", ...FEATURES.map((f) => `../${f}/*`), "../review/*"],
  ),
  layer(
    // start-up is the composition root: it wires the database, the seed and the simulators together.
    { files: ["app/server/platform/**"], ignores: ["app/server/platform/startup.server.ts"] },
    "The platform is underneath everything: it imports only the database and the locale files (decision 015).",
    [...upward("domain", "auth", "web", "live", "jobs", "integrations", "context", "demo"), ...ROUTES_AND_UI],
  ),
  layer(
    ["app/server/integrations/**"],
    "An integration adapts one external system; it knows nothing of the domain or the web (decision 015).",
    [...upward("domain", "auth", "web", "live", "jobs", "context", "demo"), ...ROUTES_AND_UI],
  ),
  layer(
    ["app/server/db/**"],
    "The database is underneath everything but the platform: it imports only the platform (decision 015).",
    [...upward("domain", "auth", "web", "live", "jobs", "integrations", "context", "demo"), ...ROUTES_AND_UI],
  ),
  layer(
    ["app/server/live/**", "app/server/jobs/**"],
    "The live channel and jobs never import auth, the HTTP adapters or the routes (decision 015).",
    [...upward("auth", "web"), ...ROUTES_AND_UI],
  ),
  layer(
    ["app/server/ops/**"],
    "Operations (health, metrics, shutdown) look at the process's parts; they never import the domain, auth, the " +
      "HTTP adapters, the routes or the UI (decision 045).",
    [...upward("domain", "auth", "web", "jobs", "context", "demo"), ...ROUTES_AND_UI],
  ),
  layer(
    ["app/server/demo/**"],
    "The demo seed writes through the database, the domain and the integrations; never auth, the web, the live " +
      "channel, jobs, the composition root, the routes or the UI.",
    [...upward("auth", "web", "live", "jobs", "context"), ...ROUTES_AND_UI],
  ),
  layer(
    ["app/server/context/**"],
    "The composition root wires the domain to the integrations, the job queue and the live hub; the web, auth " +
      "and the jobs import it, never the other way (decision 033).",
    [...upward("auth", "web", "jobs", "demo"), ...ROUTES_AND_UI],
  ),
  layer(
    ["app/server/auth/**", "app/server/web/**"],
    "Server code never imports routes or UI.",
    ROUTES_AND_UI,
  ),
  // Modules of a readable size (docs/architecture.md): split a module by what its parts are, never at a line count.
  {
    files: ["app/**/*.{ts,tsx,mjs}", "scripts/**/*.{ts,mjs,js}"],
    rules: { "max-lines": ["error", { max: 400, skipBlankLines: false, skipComments: false }] },
  },
  {
    // A route is one URL: its loader, action and page.
    files: ["app/routes/**"],
    rules: { "max-lines": ["error", { max: 250, skipBlankLines: false, skipComments: false }] },
  },
  {
    files: ["**/*.test.ts", "**/*.test.tsx", "tests/**"],
    rules: { "max-lines": ["error", { max: 900, skipBlankLines: false, skipComments: false }] },
  },
  {
    files: [
      // The demo's data: a transfer per entry, a list to read down rather than logic to follow.
      "app/server/demo/transfers/**",
      // A released migration is never edited, so it is never split either.
      "app/server/db/migrations/**",
    ],
    rules: { "max-lines": "off" },
  },
);
