/** What the module's route files share: the typed app, framework names, the error reference, raw JSON. */
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FrameworkId } from "@openverde/frameworks";
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from "fastify";
import { ref } from "./schemas";

/** The module's Fastify instance with TypeBox types, as every route file registers on it. */
export type DatasetsApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

export const ERROR = ref("ErrorResponse");

const pascal = (id: string) =>
  id
    .split("-")
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join("");

/** How a framework's routes are named: operation ids, schema names and the controller tag. */
export interface FrameworkNames {
  framework: FrameworkId;
  /** The framework id in PascalCase, as operation ids carry it ("EutaxonomyFinancials"). */
  name: string;
  /** The framework's data component ("SfdrData"). */
  schemaName: string;
  tag: string;
}

export function frameworkNames(framework: FrameworkId): FrameworkNames {
  const name = pascal(framework);
  return {
    framework,
    name,
    schemaName: `${name}Data`,
    // The reference names its controllers after the framework without the hyphen in a regulation's
    // number ("eutaxonomy-financials-202673-data-controller").
    tag: `${framework.replace(/-(\d{4})-(\d+)$/, "-$1$2")}-data-controller`,
  };
}

/** Framework JSON is sent as stored: the response text is put together around the stored jsonb text. */
export const passThrough = () => (data: unknown) => (typeof data === "string" ? data : JSON.stringify(data));
export const acceptAll = () => () => true;

export const sendJson = (reply: FastifyReply, body: string | Buffer) =>
  reply.type("application/json; charset=utf-8").send(body);
