/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}", "**/__*.*"],
  serverModuleFormat: "esm",
  server: "app/server-entry.ts",
  serverBuildPath: "build/index.js",
  // pdfjs-dist only for its version number (app/islands/PdfPreview.tsx): Node would not import its JSON bare.
  serverDependenciesToBundle: [/^remix-i18next/, /^pdfjs-dist\/package\.json$/],
  browserNodeBuiltinsPolyfill: { modules: {} },
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: false,
  },
};
