/** Set-up shared by the tests of the queue, pre-approval, non-sourceability and judgement operations. */
import type { FrameworkId } from "@openverde/frameworks";
import { expect } from "vitest";
import type { RealmRole } from "../../platform/auth/actor";
import { signIn } from "../../testing/sign-in";
import type { TestPlatform } from "../../testing/test-platform";
import { createCompany } from "../companies/service";
import { completeDataset } from "../datasets/test-helpers";

export interface User {
  userId: string;
  authorization: string;
}

export interface Reply<T> {
  status: number;
  body: T;
}

export function qaTestKit(platform: () => TestPlatform, prefix: string) {
  let companies = 0;
  const datasets = new Map<string, Record<string, unknown>>();

  const user = (name: string, roles: RealmRole[]): Promise<User> =>
    signIn(platform(), {
      username: `${prefix}_${name}`,
      roles,
      email: `${prefix}_${name}@qa.test.example`,
      name: `${prefix} ${name}`,
    });

  async function company(name: string): Promise<string> {
    companies++;
    const lei = `5299${prefix.slice(0, 2).toUpperCase()}${String(process.pid % 10000).padStart(4, "0")}${String(companies).padStart(8, "0")}`;
    const stored = await createCompany(platform().database.db, {
      companyName: name,
      headquarters: "Kiel",
      countryCode: "DE",
      identifiers: { Lei: [lei.slice(0, 20)] },
    } as never);
    return stored.companyId;
  }

  async function data(framework: FrameworkId): Promise<Record<string, unknown>> {
    let found = datasets.get(framework);
    if (!found) {
      found = await completeDataset(platform(), framework);
      datasets.set(framework, found);
    }
    return structuredClone(found);
  }

  async function call<T>(method: string, path: string, who?: User, body?: unknown): Promise<Reply<T>> {
    const headers: Record<string, string> = {};
    if (who) headers.authorization = who.authorization;
    if (body !== undefined) headers["content-type"] = "application/json";
    const response = await platform().request(path, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  }

  async function upload(
    who: User,
    framework: FrameworkId,
    companyId: string,
    reportingPeriod: string,
    content?: Record<string, unknown>,
  ): Promise<{ dataId: string; qaStatus: string }> {
    const response = await call<{ dataId: string; qaStatus: string }>("POST", `/api/data/${framework}`, who, {
      companyId,
      reportingPeriod,
      data: content ?? (await data(framework)),
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    // Quality assurance starts tracking an upload when it handles the upload's event.
    await platform().background.settle();
    return response.body;
  }

  return { user, company, data, call, upload };
}
