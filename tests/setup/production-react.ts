/**
 * React as production runs it. React picks its development or production build from NODE_ENV when
 * it is first loaded, and Vitest sets NODE_ENV=test; so the tests served the production build with
 * development React: slower (React took about a tenth of a worker's time, validating props and
 * keeping component stacks) and not what a shopper gets. Imported here first, with NODE_ENV=production
 * for the moment of loading, React stays in the module caches as production, and the build's imports
 * of it (and the tests') get that one; NODE_ENV itself goes back to what it was. Both required and
 * imported: Node 20 keeps the two apart, and evaluates a CommonJS module again for `import` when
 * only `require` had loaded it (and the other way round for a module that `require`s React). The
 * tests' own JSX is compiled for the production runtime too (vitest.config.ts): development JSX
 * calls into development-only internals that production React lacks.
 */
import { createRequire } from "node:module";

const MODULES = ["react", "react/jsx-runtime", "react-dom", "react-dom/server"];
const require = createRequire(import.meta.url);

export async function loadProductionReact(): Promise<void> {
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    for (const id of MODULES) require(id);
    await Promise.all(MODULES.map((id) => import(id)));
  } finally {
    process.env.NODE_ENV = previous;
  }
}

await loadProductionReact();
