import { Type } from "@sinclair/typebox";

export const IdWithRef = Type.Object(
  { id: Type.String(), ref: Type.String() },
  { $id: "IdWithRef", description: "An id with the address where its specification can be read." },
);

export const CalculationRule = Type.Object(
  { inputs: Type.Array(Type.String()), calculationMethod: Type.String() },
  { $id: "CalculationRule" },
);

const idWithRef = Type.Ref("IdWithRef");

export const SimpleFrameworkSpecification = Type.Object(
  { framework: idWithRef, name: Type.String() },
  { $id: "SimpleFrameworkSpecification" },
);

export const FrameworkSpecification = Type.Object(
  {
    framework: idWithRef,
    name: Type.String(),
    businessDefinition: Type.String(),
    schema: Type.String({ description: "The framework's tree of data point type ids, as JSON text." }),
    referencedReportJsonPath: Type.Optional(Type.String()),
  },
  { $id: "FrameworkSpecification" },
);

export const DataPointBaseTypeResolvedSchema = Type.Object(
  {
    framework: idWithRef,
    name: Type.String(),
    businessDefinition: Type.String(),
    resolvedSchema: Type.Object({}, { additionalProperties: true }),
    referencedReportJsonPath: Type.Optional(Type.String()),
  },
  { $id: "DataPointBaseTypeResolvedSchema" },
);

export const DataPointTypeSpecification = Type.Object(
  {
    dataPointType: idWithRef,
    name: Type.String(),
    businessDefinition: Type.String(),
    dataPointBaseType: idWithRef,
    usedBy: Type.Array(idWithRef),
    constraints: Type.Optional(Type.Array(Type.String())),
    calculationRules: Type.Array(Type.Ref("CalculationRule")),
  },
  { $id: "DataPointTypeSpecification" },
);

export const DataPointBaseTypeSpecification = Type.Object(
  {
    dataPointBaseType: idWithRef,
    name: Type.String(),
    businessDefinition: Type.String(),
    validatedBy: Type.String(),
    example: Type.Unknown(),
    usedBy: Type.Array(idWithRef),
  },
  { $id: "DataPointBaseTypeSpecification" },
);

export const SHARED_SCHEMAS = [
  IdWithRef,
  CalculationRule,
  SimpleFrameworkSpecification,
  FrameworkSpecification,
  DataPointBaseTypeResolvedSchema,
  DataPointTypeSpecification,
  DataPointBaseTypeSpecification,
];

export const FrameworkIdParams = Type.Object({ frameworkSpecificationId: Type.String() });
export const DataPointTypeIdParams = Type.Object({ dataPointTypeId: Type.String() });
export const DataPointBaseTypeIdParams = Type.Object({ dataPointBaseTypeId: Type.String() });
