/**
 * Which field of a framework is which data point type: the reference's type id where the field's
 * definition has one, otherwise `<framework>.<wire path>` (also for a second field with the same type
 * id). Referenced reports are no data point: they are the list the data points' sources point into.
 * The server splits uploads into data points by it; the web app names the data points of a judgement.
 */
import { frameworkFields, getFramework } from "./catalogue";
import type { FieldDefinition, FrameworkId } from "./model";

export interface DataPointTypeField {
  field: FieldDefinition;
  dataPointType: string;
}

const cache = new Map<FrameworkId, DataPointTypeField[]>();

export function dataPointTypeFields(frameworkId: FrameworkId): DataPointTypeField[] {
  let fields = cache.get(frameworkId);
  if (!fields) {
    const seen = new Set<string>();
    fields = [];
    for (const field of frameworkFields(getFramework(frameworkId))) {
      if (field.kind === "referencedReports") continue;
      let type = field.dataPointTypeId ?? `${frameworkId}.${field.path}`;
      if (seen.has(type)) type = `${frameworkId}.${field.path}`;
      seen.add(type);
      fields.push({ field, dataPointType: type });
    }
    cache.set(frameworkId, fields);
  }
  return fields;
}
