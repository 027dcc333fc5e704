import { describe, expect, it } from "vitest";
import { ALL_FRAMEWORKS, dataPointFields } from "./framework-data";

describe("dataPointFields", () => {
  // insertVersion sends the data points' types and paths joined by commas.
  it.each(ALL_FRAMEWORKS)("gives %s data point types and paths without a comma, none empty", (framework) => {
    const fields = dataPointFields(framework);
    expect(fields.length).toBeGreaterThan(0);
    for (const { dataPointType, field } of fields) {
      expect(dataPointType).toMatch(/^[^,]+$/);
      expect(field.path).toMatch(/^[^,]+$/);
    }
  });
});
