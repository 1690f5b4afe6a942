import path from "node:path";
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";

/*
 * Issue 32 item 1: `npm run lint` enforces the house's import directions (eslint.config.js, zones of
 * import-x/no-restricted-paths). Each case lints a line of code as if it stood in a real file of
 * that folder, with the project's own configuration, and looks only at the boundary rule.
 */
const root = path.resolve(import.meta.dirname, "../..");
// The project's configuration without its type-aware rules: the boundary rules read imports only, and
// TypeScript's program for the whole project took most of this file's time (over 120 s on a busy CI).
const eslint = new ESLint({ cwd: root, overrideConfig: [tseslint.configs.disableTypeChecked] });

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = [x];\n`, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === "import-x/no-restricted-paths").map((m) => m.message);
}

describe("lint: import boundaries between folders", () => {
  it("a feature may not import a file inside another feature", async () => {
    const errors = await boundaryErrors(
      "app/features/admin-ftp/index.ts",
      'import { parseSlideLink as x } from "~/features/carousel/slide-link";',
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("through its index.ts, index.server.ts or lazy.ts");
  });

  it("a feature may use another through its public entry, and its own files freely", async () => {
    expect(
      await boundaryErrors(
        "app/features/admin-ftp/index.ts",
        'import { parseSlideLink as x } from "~/features/carousel";',
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors("app/features/carousel/index.ts", 'import { parseSlideLink as x } from "./slide-link";'),
    ).toEqual([]);
    // The entries that keep the shell chunk (header.ts) and light pages (components.ts) small.
    expect(
      await boundaryErrors(
        "app/features/shop-layout/site-header.tsx",
        'import { SearchBox as x } from "~/features/search/header";',
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        "app/features/content/home.route.tsx",
        'import { ProductCard as x } from "~/features/catalogue/components";',
      ),
    ).toEqual([]);
  });

  it("the app's root, the database's seed and the server may not reach inside a feature either", async () => {
    for (const file of ["app/root.tsx", "app/db/seed/demo-admin.server.ts", "server/app.ts"]) {
      const errors = await boundaryErrors(file, 'import { LinkPicker as x } from "~/features/carousel/link-picker";');
      expect(errors, file).toHaveLength(1);
    }
  });

  it("app/shared imports no feature or server module", async () => {
    for (const source of ["~/features/carousel", "~/features/carousel/slide-link", "../../../server/app"]) {
      const errors = await boundaryErrors("app/shared/csv/csv.ts", `import * as x from "${source}";`);
      expect(errors, source).toHaveLength(1);
      expect(errors[0]).toContain("app/shared is below the features");
    }
  });

  it("a schema slice is public to other features; browser code takes only its types", async () => {
    expect(
      await boundaryErrors(
        "app/features/orders/refunds.schema.ts",
        'import { users as x } from "~/features/accounts/schema";',
      ),
    ).toEqual([]);
    const restricted = async (code: string) => {
      const [result] = await eslint.lintText(`${code}\nexport const used = [x];\n`, {
        filePath: path.join(root, "app/features/catalogue/stock.ts"),
      });
      return result!.messages
        .filter((m) => m.ruleId === "@typescript-eslint/no-restricted-imports")
        .map((m) => m.message);
    };
    const valueImport = await restricted('import { products as x } from "./schema";');
    expect(valueImport).toHaveLength(1);
    expect(valueImport[0]).toContain("may not import a schema slice");
    expect(await restricted('import type { products as x } from "./schema";')).toEqual([]);
  });

  it("a service may not take the load context; an HTTP adapter may", async () => {
    const code = 'import type { AppContext } from "~/context";\nexport type Used = AppContext;\n';
    const lint = async (file: string) => {
      const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
      return result!.messages
        .filter((m) => m.ruleId === "@typescript-eslint/no-restricted-imports")
        .map((m) => m.message);
    };
    for (const file of [
      "app/features/shopper-orders/withdrawal.server.ts",
      "app/features/cart-checkout/place-order.server.ts",
    ]) {
      const errors = await lint(file);
      expect(errors, file).toHaveLength(1);
      expect(errors[0]).toContain("not the AppContext");
    }
    expect(await lint("app/features/accounts/viewer.http.server.ts")).toEqual([]);
  });
});
