import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import importX from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", "data/", "tmp/", ".react-router/", "node_modules/", "app/db/migrations/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { "react-hooks": reactHooks, "import-x": importX },
    settings: {
      // The cycle check reads TypeScript modules and resolves `~/…` through tsconfig's paths, as one of ours.
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/internal-regex": "^~/",
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Modules that import each other (statically or through import()) load half-initialised and tie
      // chunks together: move what they share to a third module. Type-only imports are not followed.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // Server-only modules must never reach the browser bundle: components may not import them.
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["~/routes/*"], message: "Domain and components never import routes." }] },
      ],
    },
  },
  {
    files: ["app/components/**/*.{ts,tsx}", "app/domain/**/*.{ts,tsx}"],
    ignores: ["app/domain/**/*.server.ts", "app/domain/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["*.server", "*.server.ts", "~/db/*"], message: "Browser code may not import server modules." },
            { group: ["~/routes/*"], message: "Domain and components never import routes." },
          ],
        },
      ],
    },
  },
  {
    // The HTTP and browser tests hold no React: `useTestApp()` is a vitest fixture, not a hook.
    files: ["tests/**/*.ts"],
    rules: Object.fromEntries(Object.keys(reactHooks.configs.recommended.rules).map((rule) => [rule, "off"])),
  },
  {
    files: ["**/*.{js,mjs}"],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: { ...globals.node } },
  },
);
