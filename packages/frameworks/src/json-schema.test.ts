import Ajv from "ajv";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import {
  companyAssociatedDataSchema,
  frameworkDataSchema,
  frameworkOpenApiComponents,
} from "./json-schema.ts";
import { frameworkIds } from "./model.ts";
import { generateCompleteDataset } from "./test-data.ts";

// The options Fastify's default ajv compiler uses, so the schemas are tested as the server will use them.
function fastifyLikeAjv() {
  const ajv = new Ajv({ coerceTypes: "array", useDefaults: true, removeAdditional: true, allErrors: true });
  addFormats(ajv);
  return ajv;
}

// Compiling the schema of a large framework takes seconds when the machine is busy.
describe.each(frameworkIds)("JSON Schema of %s", { timeout: 30_000 }, (id) => {
  it("accepts a complete dataset and leaves it unchanged", () => {
    const validate = fastifyLikeAjv().compile(companyAssociatedDataSchema(id));
    const body = { companyId: "c1", reportingPeriod: "2023", data: generateCompleteDataset(id, 21) };
    const copy = structuredClone(body);
    expect(validate(body), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    expect(body).toEqual(copy);
  });

  it("rejects a wrong type", () => {
    const validate = fastifyLikeAjv().compile(frameworkDataSchema(id));
    const data = generateCompleteDataset(id, 22);
    const [category] = Object.keys(data);
    expect(validate({ ...data, [category as string]: "text" })).toBe(false);
  });
});

describe("OpenAPI components", () => {
  const components = frameworkOpenApiComponents();

  it("names the data objects and their wrappers as the reference does", () => {
    for (const name of [
      "Sfdr",
      "EutaxonomyFinancials",
      "EutaxonomyNonFinancials",
      "NuclearAndGas",
      "Lksg",
      "Pcaf",
      "Vsme",
    ]) {
      expect(components).toHaveProperty(`${name}Data`);
      expect(components).toHaveProperty(`CompanyAssociatedData${name}Data`);
      expect(components).toHaveProperty(`DataAndMetaInformation${name}Data`);
    }
  });

  it("resolves every reference", () => {
    for (const match of JSON.stringify(components).matchAll(/#\/components\/schemas\/(\w+)/g)) {
      expect(components).toHaveProperty(match[1] as string);
    }
  });

  it("writes nested objects as nullable references", () => {
    expect(components.SfdrData?.properties?.general).toEqual({
      nullable: true,
      allOf: [{ $ref: "#/components/schemas/SfdrGeneral" }],
    });
    expect(components.LksgData?.required).toEqual(["general"]);
  });
});
