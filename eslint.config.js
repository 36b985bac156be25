import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const ZOD = { group: ["zod/*", "!zod/v4"], message: 'Import zod as `import * as z from "zod"`.' };
const ROUTES_AND_UI = ["~/routes/*", "~/ui/*", "~/islands/*", "**/routes/*"];
/** A sibling folder of app/server, by alias or by any relative path. */
const upward = (folder) => [
  `~/server/${folder}/*`,
  `../${folder}/*`,
  `../../${folder}/*`,
  `../../../${folder}/*`,
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
    files: ["**/*.{ts,tsx,js}"],
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
    ["app/server/domain/**"],
    "The domain never imports auth, the HTTP adapters, the live channel, the routes or the UI (decision 015).",
    [...upward("auth"), ...upward("web"), ...upward("live"), ...ROUTES_AND_UI],
  ),
  layer(
    // start-up is the composition root: it wires the database, the seed and the simulators together.
    { files: ["app/server/platform/**"], ignores: ["app/server/platform/startup.server.ts"] },
    "The platform is underneath everything: it imports only the database and the locale files (decision 015).",
    [
      ...upward("domain"),
      ...upward("auth"),
      ...upward("web"),
      ...upward("live"),
      ...upward("jobs"),
      ...upward("integrations"),
      ...ROUTES_AND_UI,
    ],
  ),
  layer(
    ["app/server/integrations/**"],
    "An integration adapts one external system; it knows nothing of the domain or the web (decision 015).",
    [
      ...upward("domain"),
      ...upward("auth"),
      ...upward("web"),
      ...upward("live"),
      ...upward("jobs"),
      ...ROUTES_AND_UI,
    ],
  ),
  layer(
    ["app/server/db/**"],
    "The database is underneath everything but the platform: it imports only the platform (decision 015).",
    [
      ...upward("domain"),
      ...upward("auth"),
      ...upward("web"),
      ...upward("live"),
      ...upward("jobs"),
      ...upward("integrations"),
      ...upward("demo"),
      ...ROUTES_AND_UI,
    ],
  ),
  layer(
    ["app/server/live/**", "app/server/jobs/**"],
    "The live channel and jobs never import auth, the HTTP adapters or the routes (decision 015).",
    [...upward("auth"), ...upward("web"), ...ROUTES_AND_UI],
  ),
  layer(
    ["app/server/demo/**"],
    "The demo seed writes through the database, the domain and the integrations; never auth, the web, the live channel, jobs, the routes or the UI.",
    [...upward("auth"), ...upward("web"), ...upward("live"), ...upward("jobs"), ...ROUTES_AND_UI],
  ),
  layer(
    ["app/server/auth/**", "app/server/web/**"],
    "Server code never imports routes or UI.",
    ROUTES_AND_UI,
  ),
);
