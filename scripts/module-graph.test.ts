import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module run by `npm run check`, without type declarations.
import * as moduleGraph from "./module-graph.mjs";

const { analyse } = moduleGraph as {
  analyse: (serverSrc: string) => { breaches: string[]; edges: Map<string, Set<string>>; cycles: string[][] };
};

const trees: string[] = [];

/** A server source tree in a temporary folder: file path (under src) to its text. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "openverde-module-graph-"));
  trees.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

// Two modules where "orders" asks "customers" through its surface: the shape every check starts from.
const CLEAN = {
  "platform/ids.ts": "export const newId = () => 'x';\n",
  "modules/customers/index.ts": 'export { findCustomer } from "./service";\n',
  "modules/customers/service.ts":
    'import { newId } from "../../platform/ids";\nexport const findCustomer = newId;\n',
  "modules/orders/index.ts": 'export { placeOrder } from "./service";\n',
  "modules/orders/service.ts":
    'import { findCustomer } from "../customers";\nexport const placeOrder = findCustomer;\n',
  "modules/registry.ts": 'import "./customers";\nimport "./orders/index";\n',
};

afterEach(() => {
  for (const root of trees.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe("the module graph check", () => {
  it("passes a tree whose modules meet only through their index.ts, and lists its arrows", () => {
    const result = analyse(tree(CLEAN));
    expect(result.breaches).toEqual([]);
    expect(result.cycles).toEqual([]);
    expect([...result.edges].map(([from, to]) => [from, [...to]])).toEqual([["orders", ["customers"]]]);
  });

  it("reports a reach into another module's inner file, also by a type-only or dynamic import", () => {
    const result = analyse(
      tree({
        ...CLEAN,
        "modules/orders/service.ts":
          'import { findCustomer } from "../customers/service";\nexport const placeOrder = findCustomer;\n',
        "modules/orders/types.ts": 'export type C = import("../customers/service.js").Customer;\n',
        "modules/orders/late.ts": 'export const load = () => import("../customers/service");\n',
      }),
    );
    expect(result.breaches).toEqual([
      'modules/orders/late.ts imports "../customers/service": reach "customers" through its index.ts',
      'modules/orders/service.ts imports "../customers/service": reach "customers" through its index.ts',
      'modules/orders/types.ts imports "../customers/service.js": reach "customers" through its index.ts',
    ]);
  });

  it("reports the platform layer importing a module, even through its index.ts", () => {
    const result = analyse(
      tree({ ...CLEAN, "platform/ids.ts": 'export { findCustomer } from "../modules/customers";\n' }),
    );
    expect(result.breaches).toEqual([
      'platform/ids.ts imports "../modules/customers": the platform layer never depends on a module',
    ]);
  });

  it("reports a module importing the registry, which would hide a cycle through every module", () => {
    const result = analyse(tree({ ...CLEAN, "modules/customers/all.ts": 'import "../registry";\n' }));
    expect(result.breaches).toEqual([
      'modules/customers/all.ts imports "../registry": only the composition root imports the module registry',
    ]);
  });

  it("reports two modules that import each other, each through its index.ts", () => {
    const result = analyse(
      tree({
        ...CLEAN,
        "modules/customers/orders.ts":
          'import { placeOrder } from "../orders/index";\nexport const again = placeOrder;\n',
      }),
    );
    expect(result.breaches).toEqual([]);
    expect(result.cycles).toEqual([["customers", "orders"]]);
  });

  it("lets test code reach anywhere", () => {
    const result = analyse(
      tree({
        ...CLEAN,
        "modules/customers/customers.test.ts": 'import "../orders/service";\n',
        "modules/customers/test-helpers.ts": 'import "../orders/service";\n',
        "modules/customers/testing/sign-in.ts": 'import "../../orders/service";\n',
      }),
    );
    expect(result.breaches).toEqual([]);
    expect(result.cycles).toEqual([]);
  });
});
