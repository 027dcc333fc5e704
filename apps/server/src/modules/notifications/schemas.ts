import { Type } from "@fastify/type-provider-typebox";

export const SubscriptionParams = Type.Object({
  // A plain string: an id of another shape names no subscription and is answered with 404 (platform/ids).
  subscriptionId: Type.String({
    description: "The id from the unsubscribe link of an e-mail: one address and one kind of e-mail.",
  }),
});

export const UnsubscribeAnswer = Type.String({ description: "What happened, in words." });

export const ErrorResponseRef = { $ref: "#/components/schemas/ErrorResponse" };
