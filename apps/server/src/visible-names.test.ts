import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { samplePdf } from "./modules/documents/test-files";
import { createUser, updateProfile } from "./modules/identity/service";
import { signIn } from "./testing/sign-in";
import { startTestPlatform, type TestPlatform } from "./testing/test-platform";

/**
 * Every name one user writes and others read refuses invisible format characters with a 400 that
 * names the field and the character (platform/text/visible-text.ts): a right-to-left override shows
 * "annual-report\u202Efdp.exe" as "annual-reportexe.pdf", a zero-width space makes look-alike names.
 */
const TRICKS = [
  ["\u202E", "U+202E"],
  ["\u200B", "U+200B"],
] as const;
/** 👩‍💻: a woman, a zero-width joiner and a laptop make one emoji, which names may hold. */
const WOMAN_TECHNOLOGIST = "\u{1F469}\u200D\u{1F4BB}";

interface ErrorBody {
  errors: { message: string; httpStatus: number }[];
}

let platform: TestPlatform;
let uploader = "";
let owner = "";
let serial = 0;

async function send(method: string, path: string, authorization: string, body: unknown) {
  const response = await platform.request(path, {
    method,
    headers: { authorization, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function uploadDocument(name: string, fileName = "report.pdf") {
  const body = new FormData();
  const meta = { documentName: name, documentCategory: "AnnualReport", companyIds: [] };
  body.append("documentMetaInfo", new Blob([JSON.stringify(meta)], { type: "application/json" }));
  body.append("document", new Blob([samplePdf(`Visible names ${++serial}`)]), fileName);
  return platform
    .request("/documents/", { method: "POST", headers: { authorization: uploader }, body })
    .then(async (response) => ({ status: response.status, body: await response.json() }));
}

function expectRefusal(answer: { status: number; body: unknown }, message: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  expect((answer.body as ErrorBody).errors.map((error) => error.message)).toContain(message);
}

const company = (overrides: Record<string, unknown> = {}) => ({
  companyName: `Visible Names ${++serial} AG`,
  headquarters: "Berlin",
  countryCode: "DE",
  identifiers: {},
  ...overrides,
});

beforeAll(async () => {
  platform = await startTestPlatform();
  uploader = (await signIn(platform, { username: "names_uploader", roles: ["ROLE_USER", "ROLE_UPLOADER"] }))
    .authorization;
  owner = (await signIn(platform, { username: "names_owner", roles: ["ROLE_USER"] })).authorization;
});

afterAll(async () => {
  await platform?.close();
});

describe("names others read", () => {
  it("document names refuse invisible characters on upload, PATCH and PUT; an emoji passes", async () => {
    const stored = await uploadDocument(`Annual report ${WOMAN_TECHNOLOGIST}`);
    expect(stored.status).toBe(200);
    const documentId = (stored.body as { documentId: string }).documentId;
    for (const [character, codePoint] of TRICKS) {
      expectRefusal(
        await uploadDocument(`annual-report${character}fdp.exe`),
        `documentMetaInfo.documentName contains the invisible character ${codePoint}.`,
      );
      expectRefusal(
        await uploadDocument("Annual report", `annual-report${character}fdp.exe`),
        `document file name contains the invisible character ${codePoint}.`,
      );
      const name = `annual-report${character}fdp.exe`;
      const message = `documentName contains the invisible character ${codePoint}.`;
      expectRefusal(
        await send("PATCH", `/documents/${documentId}`, uploader, { documentName: name }),
        message,
      );
      expectRefusal(
        await send("PUT", `/documents/${documentId}`, uploader, {
          documentName: name,
          documentCategory: "AnnualReport",
          companyIds: [],
        }),
        message,
      );
    }
    const renamed = await send("PATCH", `/documents/${documentId}`, uploader, {
      documentName: `${WOMAN_TECHNOLOGIST} notes`,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.documentName).toBe(`${WOMAN_TECHNOLOGIST} notes`);
  });

  it("company names and alternative names refuse them on POST, PUT and PATCH; an emoji passes", async () => {
    const created = await send(
      "POST",
      "/api/companies",
      uploader,
      company({ companyName: `${WOMAN_TECHNOLOGIST} Labs AG` }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const companyId = created.body.companyId as string;
    for (const [character, codePoint] of TRICKS) {
      const name = `Alpha${character} Energie AG`;
      const nameMessage = `companyName contains the invisible character ${codePoint}.`;
      const otherMessage = `companyAlternativeNames[1] contains the invisible character ${codePoint}.`;
      const tricked = company({ companyName: name });
      expectRefusal(await send("POST", "/api/companies", uploader, tricked), nameMessage);
      expectRefusal(await send("PUT", `/api/companies/${companyId}`, uploader, tricked), nameMessage);
      expectRefusal(
        await send("PATCH", `/api/companies/${companyId}`, uploader, { companyName: name }),
        nameMessage,
      );
      const alternatives = { companyAlternativeNames: ["Alpha", name] };
      expectRefusal(await send("POST", "/api/companies", uploader, company(alternatives)), otherMessage);
      expectRefusal(
        await send("PUT", `/api/companies/${companyId}`, uploader, company(alternatives)),
        otherMessage,
      );
      expectRefusal(await send("PATCH", `/api/companies/${companyId}`, uploader, alternatives), otherMessage);
    }
    const stored = await send("GET", `/api/companies/${companyId}`, uploader, undefined);
    expect((stored.body.companyInformation as { companyName: string }).companyName).toBe(
      `${WOMAN_TECHNOLOGIST} Labs AG`,
    );
  });

  it("portfolio names refuse them on POST and PUT; an emoji passes", async () => {
    const { companyId } = (await send("POST", "/api/companies", uploader, company())).body as {
      companyId: string;
    };
    const portfolio = (portfolioName: string) => ({
      portfolioName,
      identifiers: [companyId],
      isMonitored: false,
      monitoredFrameworks: [],
      notificationFrequency: "Weekly",
      sharedUserIds: [],
    });
    const created = await send("POST", "/users/portfolios/", owner, portfolio(`Tech ${WOMAN_TECHNOLOGIST}`));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const portfolioId = created.body.portfolioId as string;
    for (const [character, codePoint] of TRICKS) {
      const message = `portfolioName contains the invisible character ${codePoint}.`;
      expectRefusal(await send("POST", "/users/portfolios/", owner, portfolio(`Mine${character}`)), message);
      expectRefusal(
        await send("PUT", `/users/portfolios/${portfolioId}/`, owner, portfolio(`Mine${character}`)),
        message,
      );
    }
  });

  it("display names refuse them on registration and on a profile change; an emoji passes", async () => {
    const { db } = platform.database;
    const user = await createUser(
      db,
      {
        username: "names_person",
        email: "names_person@test.openverde.example",
        name: `Ada ${WOMAN_TECHNOLOGIST}`,
        password: "x",
        roles: ["ROLE_USER"],
      },
      { checkStrength: false },
    );
    expect(user.name).toBe(`Ada ${WOMAN_TECHNOLOGIST}`);
    for (const [character, codePoint] of TRICKS) {
      const refusal = { httpStatus: 400, message: `name contains the invisible character ${codePoint}.` };
      await expect(
        createUser(
          db,
          {
            username: `names_${codePoint.slice(2)}`,
            email: `${codePoint.slice(2)}@test.openverde.example`,
            name: `Ad${character}a`,
            password: "x",
            roles: ["ROLE_USER"],
          },
          { checkStrength: false },
        ),
      ).rejects.toMatchObject(refusal);
      await expect(updateProfile(db, user.userId, { name: `Ad${character}a` })).rejects.toMatchObject(
        refusal,
      );
    }
  });
});
