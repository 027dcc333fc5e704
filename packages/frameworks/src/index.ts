export {
  fieldByPath,
  findFramework,
  frameworkFields,
  getFramework,
  isFrameworkId,
  listFrameworks,
} from "./catalogue.ts";
export { countryCodes } from "./code-lists/countries.ts";
export { currencyCodes } from "./code-lists/currencies.ts";
export { isNaceCode } from "./code-lists/nace.ts";
export { fieldAnswer, isFieldVisible } from "./conditions.ts";
export { frameworkDescriptions } from "./descriptions.ts";
export { type ExportColumn, exportColumns, exportRow } from "./export-columns.ts";
export {
  buildFrameworkForm,
  type FormEntryField,
  type FormField,
  type FormSection,
  type FrameworkForm,
  visibleFieldPaths,
} from "./form-model.ts";
export { formatFieldValue } from "./format-value.ts";
export {
  companyAssociatedDataSchema,
  frameworkDataSchema,
  frameworkOpenApiComponents,
  frameworkSchemaName,
  type JsonSchema,
} from "./json-schema.ts";
export * from "./model.ts";
export { isValidPage, pageRuleMessage } from "./page-rule.ts";
export {
  type CalculationRule,
  type DataPointBaseTypeResolvedSchema,
  type DataPointBaseTypeSpecification,
  type DataPointTypeSpecification,
  dataPointBaseTypeValidatedBy,
  dataPointTypesValidatedBy,
  dataPointTypeValidatedBy,
  type FrameworkSpecification,
  getDataPointBaseType,
  getDataPointType,
  getFrameworkSpecification,
  type IdWithRef,
  type LinkOptions,
  listFrameworkSpecifications,
  resolvedSchema,
  type SimpleFrameworkSpecification,
} from "./specifications.ts";
export { generateCompleteDataset } from "./test-data.ts";
export {
  type FrameworkValidationError,
  validateFieldValueWithin,
  validateFrameworkData,
  validateFrameworkDataWithin,
} from "./validation.ts";
export type { OpenApiSchema } from "./value-types.ts";
export {
  buildFrameworkView,
  type FrameworkView,
  type ViewOptions,
  type ViewRow,
  type ViewSection,
  type ViewSubsection,
} from "./view-model.ts";
