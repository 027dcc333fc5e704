import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyPluginAsync } from "fastify";
import type { ModuleContext } from "../../platform/module";
import { SubscriptionParams, UnsubscribeAnswer } from "./schemas";
import { unsubscribe } from "./service";

const TAGS = ["email-controller"];

const KIND_WORDS: Record<string, string> = {
  DataRequestAnswered: "answers to your data requests",
  PortfolioUpdates: "updates on your monitored portfolios",
  OwnershipClaim: "company ownership claims",
  CompanyRoleAssigned: "changes of your company roles",
  AccessRequested: "requests for access to your companies' private data",
  DatasetRejected: "reviews of your uploaded datasets",
  QaReportFindings: "QA reports on your uploaded data",
  SupportRequest: "support requests",
  PasswordReset: "password reset links",
};

/** The /email operations: unsubscribing from a kind of e-mail. */
export const emailRoutes =
  (context: ModuleContext): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const { db } = context.database;

    app.patch(
      "/subscriptions/:subscriptionId",
      {
        schema: {
          operationId: "unsubscribeUuid",
          tags: TAGS,
          summary: "Stop one kind of e-mail to one address",
          description:
            "Every e-mail carries a link with this id. Calling it stops all e-mails of that kind to that address; calling it again changes nothing. Needs no sign-in: the id is the proof.",
          params: SubscriptionParams,
          response: { 200: UnsubscribeAnswer },
        },
      },
      async (request, reply) => {
        const { emailAddress, kind } = await unsubscribe(db, request.params.subscriptionId);
        return reply
          .type("text/plain; charset=utf-8")
          .send(`${emailAddress} no longer receives e-mails about ${KIND_WORDS[kind] ?? kind}.`);
      },
    );
  };
