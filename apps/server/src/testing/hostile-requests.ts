import type { FastifyInstance } from "fastify";

/** Pieces shared by the tests that send hostile requests to every operation. */

/** A copy of `target` with `value` at `path`; a numeric key makes (or extends) an array. */
export function setAt(target: unknown, path: readonly string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string, ...string[]];
  if (Array.isArray(target) || (target === undefined && /^\d+$/.test(head))) {
    const list = Array.isArray(target) ? [...target] : [];
    list[Number(head)] = setAt(list[Number(head)], rest, value);
    return list;
  }
  const container: Record<string, unknown> =
    target && typeof target === "object" ? { ...(target as Record<string, unknown>) } : {};
  container[head] = setAt(container[head], rest, value);
  return container;
}

/** Percent-encodes text for a URL; a lone surrogate, which encodeURIComponent refuses, goes as its UTF-8 form. */
export function encodeHostile(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value
      .split(/([\uD800-\uDFFF])/)
      .map((piece) => (/^[\uD800-\uDFFF]$/.test(piece) ? "%ED%A0%80" : encodeURIComponent(piece)))
      .join("");
  }
}

export function parsedOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A request as the hostile tests build it. */
export interface Built {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

type Injected = Awaited<ReturnType<FastifyInstance["inject"]>>;

/** Sends the request; undefined when light-my-request refuses its URL or headers before the server sees it. */
export async function injectBuilt(app: FastifyInstance, request: Built): Promise<Injected | undefined> {
  try {
    return await app.inject({
      method: request.method as "GET",
      url: request.url,
      headers: request.headers,
      ...(request.payload === undefined ? {} : { payload: request.payload }),
    });
  } catch (error) {
    if (/Invalid|URI|header/i.test(String(error))) return undefined;
    throw error;
  }
}
