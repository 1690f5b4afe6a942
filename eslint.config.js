import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import importX from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import tseslint from "typescript-eslint";
import { readdirSync } from "node:fs";
import path from "node:path";

/*
 * The house's import directions (brief §3, docs/architecture.md "Folders and import directions"):
 * app/shared knows no feature and no server wiring; a feature is used by anyone else only through
 * its public entries (index.ts; index.server.ts for server code; lazy.ts for code loaded on demand;
 * header.ts for what the shop header needs on every page; components.ts for components kept out of a
 * light index.ts), never through a file inside it.
 */
const root = import.meta.dirname;
const features = readdirSync(path.join(root, "app/features"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const anyFeatureFile = `${root}/app/features/**`;
// lazy.ts: what a feature offers to load on demand (its own chunk, kept out of index.ts). header.ts:
// what the shop header uses on every page and nothing else, since the layout's static imports make
// up the shell chunk every page loads (vite.config.ts). components.ts: components other pages render,
// kept out of an index.ts that light modules (the cart's) import, since a page loads every module
// the entry it imports re-exports. A light entry carries only what a few pages need, for the same
// reason (docs/architecture.md): cart-checkout's cart.ts (the header's count and prices, in the shell
// chunk) and add-to-cart.ts (the tiles' and the product page's button) carry the browser cart alone,
// address.ts the shipping address's rules (the account's address form), vat.ts the VAT arithmetic.
const lightEntries = [
  "accounts/shell.ts",
  "cart-checkout/add-to-cart.ts",
  "cart-checkout/address.ts",
  "cart-checkout/cart.ts",
  "cart-checkout/vat.ts",
  "orders/refund.ts",
  "shopper-orders/status.ts",
  "shopper-orders/summary.ts",
];
// A feature's schema slice (schema.ts, <name>.schema.ts) is public too: slices reference each
// other's tables (foreign keys), and app/db/schema/index.ts gathers them all.
const publicEntries = [
  ...["index.ts", "index.server.ts", "lazy.ts", "header.ts", "components.ts", "schema.ts", "*.schema.ts"].map(
    (entry) => `${root}/app/features/*/${entry}`,
  ),
  `${root}/app/features/{${lightEntries.join(",")}}`,
];
const THROUGH_ENTRY =
  "Use another feature through its index.ts, index.server.ts or lazy.ts (or header.ts, components.ts, a light entry named in eslint.config.js), not a file inside it.";
const zones = [
  {
    target: "./app/shared",
    from: ["./app/features", "./server"],
    message: "app/shared is below the features: it may not import a feature or the server.",
  },
  ...features.map((feature) => ({
    target: `./app/features/${feature}/**`,
    from: anyFeatureFile,
    except: [`${root}/app/features/${feature}/**`, ...publicEntries],
    message: THROUGH_ENTRY,
  })),
  {
    // app/db/schema/index.ts gathers the features' schema slices (brief §3): the one exception.
    target: ["./app/*.{ts,tsx}", "./app/db/*.ts", "./app/db/seed/**", "./server/**"],
    from: anyFeatureFile,
    except: publicEntries,
    message: THROUGH_ENTRY,
  },
];

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
      // Modules that import each other (statically or through import()) load half-initialised and tie
      // chunks together: move what they share to a third module. Type-only imports are not followed.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-restricted-paths": ["error", { zones }],
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // Server-only modules must never reach the browser bundle: components may not import them.
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/*.route", "!**/+types/*"],
              message: "Nothing imports a route module: move what it shares beside it.",
            },
          ],
        },
      ],
    },
  },
  {
    // Browser code: everything in shared/ and features/ but server modules, route modules (React
    // Router keeps their loaders and actions on the server) and tests.
    files: ["app/shared/**/*.{ts,tsx}", "app/features/**/*.{ts,tsx}"],
    ignores: [
      "app/**/*.server.ts",
      "app/**/*.test.{ts,tsx}",
      "app/features/**/*.route.{ts,tsx}",
      "app/**/schema.ts",
      "app/**/*.schema.ts",
    ],
    rules: {
      "no-restricted-imports": "off",
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            // A type import is erased from the bundle.
            {
              group: ["*.server", "*.server.ts"],
              message: "Browser code may not import server modules.",
              allowTypeImports: true,
            },
            // A schema slice owns the shape of its JSON columns; a type import of it is erased from the bundle.
            { group: ["~/db/*"], message: "Browser code may not import server modules.", allowTypeImports: true },
            {
              group: ["**/schema", "**/*.schema"],
              message: "Browser code may not import a schema slice (drizzle): import its types only.",
              allowTypeImports: true,
            },
            {
              group: ["**/*.route", "!**/+types/*"],
              message: "Nothing imports a route module: move what it shares beside it.",
            },
          ],
        },
      ],
    },
  },
  {
    // Services take a Db, the few named things they need and validated input, never the load context
    // (brief §3, docs/architecture.md "Layers"): reading the request, its cookies and session is the
    // route's job or an HTTP adapter's, a module named *.http.server.ts.
    files: ["app/shared/**/*.server.ts", "app/features/**/*.server.ts"],
    ignores: ["**/*.http.server.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "~/context",
              message:
                "A service takes a Db and the narrow things it needs, not the AppContext; read the request in the route or a *.http.server.ts adapter.",
            },
          ],
        },
      ],
    },
  },
  {
    // Mail HTML escapes by construction (ADR 0023): React writes every value, so nothing in the mail
    // templates may hand it raw markup or build HTML by hand with an escape helper.
    files: ["app/features/mail-templates/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: "Mail templates write values through React only: it escapes them (ADR 0023).",
        },
      ],
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/*.route", "!**/+types/*"],
              message: "Nothing imports a route module: move what it shares beside it.",
            },
            {
              group: ["**/escape", "**/escape-html", "escape-html", "he", "html-entities"],
              message: "Mail templates do not escape by hand: React escapes every value (ADR 0023).",
            },
          ],
        },
      ],
    },
  },
  {
    // Actions dispatch through intentAction's map (app/shared/actions): an if-chain or switch on the
    // posted intent is refused, so a new intent gets its own parse, handler and toasts. Comparing an
    // answer's `result.intent` in a component is not dispatch and stays allowed.
    files: ["app/features/**/*.route.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...[
          "BinaryExpression[operator=/^[!=]==?$/] > Identifier[name='intent']",
          "BinaryExpression[operator=/^[!=]==?$/] > CallExpression[callee.property.name='get'][arguments.0.value='intent']",
          "BinaryExpression[operator=/^[!=]==?$/] > MemberExpression[object.name='fields'][property.name='intent']",
          "SwitchStatement[discriminant.name='intent']",
          "SwitchStatement > CallExpression.discriminant[callee.property.name='get'][arguments.0.value='intent']",
        ].map((selector) => ({
          selector,
          message: "Declare the route's intents with intentAction (app/shared/actions) instead of comparing `intent`.",
        })),
      ],
    },
  },
  {
    // Components and hooks live in app/, never in server modules or tests (the HTTP and browser tests'
    // `useTestApp()` is a vitest fixture, not a hook). The hooks rules run the React Compiler's
    // analysis on every file they see, a quarter of the lint's time when they saw all of them.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.server.ts", "app/**/*.test.ts", "app/db/**"],
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ["**/*.{js,mjs}"],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: { ...globals.node } },
  },
);
