import { Type } from "@fastify/type-provider-typebox";

export const ApiKeyMetaInfo = Type.Object(
  {
    keycloakUserId: Type.Optional(Type.String({ description: "The id of the user the key acts for." })),
    keycloakRoles: Type.Optional(
      Type.Array(Type.String(), { description: "The realm roles the key acts with: its user's roles." }),
    ),
    expiryDate: Type.Optional(
      Type.Integer({
        format: "int64",
        description: "When the key stops working, in seconds since 1970-01-01 UTC; absent if it never does.",
      }),
    ),
    active: Type.Optional(Type.Boolean({ description: "Whether the key can be used now." })),
    validationMessage: Type.Optional(Type.String({ description: "What the check found, in words." })),
  },
  { $id: "ApiKeyMetaInfo" },
);

export const ApiKeyAndMetaInfo = Type.Object(
  {
    apiKey: Type.String({
      description: "The key itself. It is shown this once and cannot be retrieved later.",
    }),
    apiKeyMetaInfo: Type.Ref("ApiKeyMetaInfo"),
  },
  { $id: "ApiKeyAndMetaInfo" },
);

export const RevokeApiKeyResponse = Type.Object(
  {
    revokementProcessSuccessful: Type.Boolean(),
    revokementProcessMessage: Type.String(),
  },
  { $id: "RevokeApiKeyResponse" },
);

export const GenerateApiKeyQuery = Type.Object({
  daysValid: Type.Optional(
    Type.Integer({
      format: "int32",
      maximum: 36_500,
      description: "How many days the key works; leave it out (or send 0) for a key without expiry.",
    }),
  ),
});

export const ValidateApiKeyQuery = Type.Object({
  apiKey: Type.String({ description: "The API key to check." }),
});

export interface ApiKeyMetaInfoBody {
  keycloakUserId?: string;
  keycloakRoles?: string[];
  expiryDate?: number;
  active?: boolean;
  validationMessage?: string;
}

export interface ApiKeyAndMetaInfoBody {
  apiKey: string;
  apiKeyMetaInfo: ApiKeyMetaInfoBody;
}

export interface RevokeApiKeyResponseBody {
  revokementProcessSuccessful: boolean;
  revokementProcessMessage: string;
}
