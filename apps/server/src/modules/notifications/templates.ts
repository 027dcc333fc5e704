/**
 * The copy of every kind of e-mail. Each template takes plain facts (names already looked up) and
 * returns a MailContent; layout.ts gives it the product's look.
 */
import { findFramework } from "@openverde/frameworks";
import type { MailContent, MailSection } from "./layout";

/** The kinds of e-mail; an address unsubscribes from one kind at a time. */
export const MAIL_KINDS = [
  "DataRequestAnswered",
  "PortfolioUpdates",
  "OwnershipClaim",
  "CompanyRoleAssigned",
  "AccessRequested",
  "DatasetRejected",
  "QaReportFindings",
  "SupportRequest",
  "PasswordReset",
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/**
 * Mails people ask for about their own account. They carry no unsubscribe link (nobody should lock
 * themselves out of their account), and as they carry a one-time link, their bodies are not kept once
 * sent.
 */
export const ACCOUNT_SECURITY_KINDS: ReadonlySet<MailKind> = new Set<MailKind>(["PasswordReset"]);

export const frameworkLabel = (dataType: string): string => findFramework(dataType)?.label ?? dataType;

const greet = (name: string | undefined) => (name?.trim() ? `Hello ${name.trim()},` : "Hello,");
const base = (publicUrl: string) => publicUrl.replace(/\/$/, "");

export const links = {
  company: (publicUrl: string, companyId: string) => `${base(publicUrl)}/companies/${companyId}`,
  companyUsers: (publicUrl: string, companyId: string) => `${base(publicUrl)}/companies/${companyId}/users`,
  framework: (publicUrl: string, companyId: string, dataType: string) =>
    `${base(publicUrl)}/companies/${companyId}/frameworks/${dataType}`,
  dataset: (publicUrl: string, companyId: string, dataType: string, dataId: string) =>
    `${base(publicUrl)}/companies/${companyId}/frameworks/${dataType}/${dataId}`,
  request: (publicUrl: string, dataRequestId: string) => `${base(publicUrl)}/requests/${dataRequestId}`,
  companyRequests: (publicUrl: string) => `${base(publicUrl)}/companyrequests`,
  myDatasets: (publicUrl: string) => `${base(publicUrl)}/datasets`,
  portfolios: (publicUrl: string) => `${base(publicUrl)}/portfolios`,
  unsubscribe: (publicUrl: string, subscriptionId: string) =>
    `${base(publicUrl)}/unsubscribe/${subscriptionId}`,
};

export interface DataRequestAnsweredFacts {
  recipientName?: string;
  companyId: string;
  companyName: string;
  dataType: string;
  reportingPeriod: string;
  dataRequestId: string;
  dataId: string | null;
}

export function dataRequestAnswered(publicUrl: string, facts: DataRequestAnsweredFacts): MailContent {
  const framework = frameworkLabel(facts.dataType);
  return {
    subject: `Your data request for ${facts.companyName} has been answered`,
    preview: `${framework} data for ${facts.reportingPeriod} is now on Openverde.`,
    greeting: greet(facts.recipientName),
    paragraphs: [
      `Good news: the data you asked for is now on Openverde. ${facts.companyName} has ${framework} data for the reporting period ${facts.reportingPeriod}.`,
      "Please have a look and tell us whether it answers your request. You can mark the request as resolved, or reopen it if something is missing.",
    ],
    facts: [
      { label: "Company", value: facts.companyName },
      { label: "Framework", value: framework },
      { label: "Reporting period", value: facts.reportingPeriod },
    ],
    action: {
      label: "View the data",
      url: facts.dataId
        ? links.dataset(publicUrl, facts.companyId, facts.dataType, facts.dataId)
        : links.request(publicUrl, facts.dataRequestId),
    },
    reason: "You get this e-mail because you asked Openverde for this data.",
  };
}

export interface DataRequestNonSourceableFacts {
  recipientName?: string;
  companyName: string;
  dataType: string;
  reportingPeriod: string;
  dataRequestId: string;
  reason: string | null;
}

export function dataRequestNonSourceable(
  publicUrl: string,
  facts: DataRequestNonSourceableFacts,
): MailContent {
  const framework = frameworkLabel(facts.dataType);
  return {
    subject: `The data you asked for on ${facts.companyName} cannot be found`,
    preview: `No source for ${framework} data of ${facts.reportingPeriod} could be found.`,
    greeting: greet(facts.recipientName),
    paragraphs: [
      `We looked for ${framework} data of ${facts.companyName} for the reporting period ${facts.reportingPeriod}, but found no report that discloses it. Your request is closed as not sourceable.`,
      ...(facts.reason?.trim() ? [`What the team noted: ${facts.reason.trim()}`] : []),
      "If the company publishes the data later, you are welcome to ask again.",
    ],
    facts: [
      { label: "Company", value: facts.companyName },
      { label: "Framework", value: framework },
      { label: "Reporting period", value: facts.reportingPeriod },
    ],
    action: { label: "See your request", url: links.request(publicUrl, facts.dataRequestId) },
    reason: "You get this e-mail because you asked Openverde for this data.",
  };
}

export interface OwnershipClaimFacts {
  recipientName?: string;
  companyId: string;
  companyName: string;
  claimantName: string;
  claimantEmail: string;
  comment: string | null;
}

export function ownershipClaim(publicUrl: string, facts: OwnershipClaimFacts): MailContent {
  return {
    subject: `${facts.claimantName} claims ownership of ${facts.companyName}`,
    preview: "A user would like to manage a company's profile and requests.",
    greeting: greet(facts.recipientName),
    paragraphs: [
      `${facts.claimantName} (${facts.claimantEmail}) says they act for ${facts.companyName} and would like to become its company owner on Openverde.`,
      "Please check the claim and, if it holds, give them the company owner role on the company's user page.",
    ],
    facts: [
      { label: "Company", value: facts.companyName },
      { label: "Claimed by", value: `${facts.claimantName} <${facts.claimantEmail}>` },
      ...(facts.comment ? [{ label: "Their note", value: facts.comment }] : []),
    ],
    action: { label: "Review the company's users", url: links.companyUsers(publicUrl, facts.companyId) },
    reason: "You get this e-mail because you are an Openverde administrator.",
  };
}

const ROLE_WORDS: Record<string, string> = {
  CompanyOwner: "company owner",
  DataUploader: "data uploader",
  MemberAdmin: "member administrator",
  Member: "member",
};

const ROLE_MEANING: Record<string, string> = {
  CompanyOwner:
    "As its owner you can answer data requests for the company, decide who sees its private data, upload its data and manage its users.",
  DataUploader: "As a data uploader you can upload framework data and reports for the company.",
  MemberAdmin: "As a member administrator you can invite colleagues and manage the company's members.",
  Member: "As a member you can follow the company's data and requests on Openverde.",
};

export interface CompanyRoleAssignedFacts {
  recipientName?: string;
  companyId: string;
  companyName: string;
  role: string;
  assignedByName: string | undefined;
}

export function companyRoleAssigned(publicUrl: string, facts: CompanyRoleAssignedFacts): MailContent {
  const role = ROLE_WORDS[facts.role] ?? facts.role;
  return {
    subject: `You are now ${/^[aeiou]/.test(role) ? "an" : "a"} ${role} of ${facts.companyName}`,
    preview: `Your new role at ${facts.companyName} on Openverde.`,
    greeting: greet(facts.recipientName),
    paragraphs: [
      facts.assignedByName
        ? `${facts.assignedByName} has made you ${role} of ${facts.companyName} on Openverde.`
        : `You are now ${role} of ${facts.companyName} on Openverde.`,
      ROLE_MEANING[facts.role] ?? "You can now work on the company's data on Openverde.",
    ],
    facts: [
      { label: "Company", value: facts.companyName },
      { label: "Your role", value: role },
    ],
    action: { label: "Open the company", url: links.company(publicUrl, facts.companyId) },
    reason: "You get this e-mail because your role at a company on Openverde changed.",
  };
}

export interface AccessRequestedFacts {
  recipientName?: string;
  companyId: string;
  companyName: string;
  dataType: string;
  reportingPeriod: string;
  requesterName: string;
  requesterEmail: string;
}

export function accessRequested(publicUrl: string, facts: AccessRequestedFacts): MailContent {
  const framework = frameworkLabel(facts.dataType);
  return {
    subject: `${facts.requesterName} asks for access to ${facts.companyName}'s ${framework} data`,
    preview: "Someone would like to see your company's private data.",
    greeting: greet(facts.recipientName),
    paragraphs: [
      `${facts.requesterName} (${facts.requesterEmail}) would like to see the ${framework} data of ${facts.companyName} for ${facts.reportingPeriod}. This data is private: only people you grant access can see it.`,
      "You decide: grant or decline the request on the page of requests for your companies.",
    ],
    facts: [
      { label: "Company", value: facts.companyName },
      { label: "Framework", value: framework },
      { label: "Reporting period", value: facts.reportingPeriod },
      { label: "Requested by", value: `${facts.requesterName} <${facts.requesterEmail}>` },
    ],
    action: { label: "Answer the request", url: links.companyRequests(publicUrl) },
    reason: "You get this e-mail because you own this company on Openverde.",
  };
}

export interface DatasetRejectedFacts {
  recipientName?: string;
  companyId: string;
  companyName: string;
  dataType: string;
  reportingPeriod: string;
  dataId: string;
  comment: string | null;
}

export function datasetRejected(publicUrl: string, facts: DatasetRejectedFacts): MailContent {
  const framework = frameworkLabel(facts.dataType);
  return {
    subject: `Your ${framework} dataset for ${facts.companyName} was not accepted`,
    preview: "A reviewer has looked at your upload.",
    greeting: greet(facts.recipientName),
    paragraphs: [
      `Thank you for uploading ${framework} data for ${facts.companyName} (${facts.reportingPeriod}). A reviewer has checked it and could not accept it as it is, so it is not shown as the company's data.`,
      facts.comment
        ? "The reviewer left a note, below. You are welcome to correct the data and upload it again."
        : "You are welcome to check the data, correct it and upload it again.",
    ],
    facts: [
      { label: "Company", value: facts.companyName },
      { label: "Framework", value: framework },
      { label: "Reporting period", value: facts.reportingPeriod },
      ...(facts.comment ? [{ label: "Reviewer's note", value: facts.comment }] : []),
    ],
    action: {
      label: "See the dataset",
      url: links.dataset(publicUrl, facts.companyId, facts.dataType, facts.dataId),
    },
    reason: "You get this e-mail because you uploaded this dataset.",
  };
}

export interface QaReportFindingsFacts {
  recipientName?: string;
  companyId: string;
  companyName: string;
  dataType: string;
  reportingPeriod: string;
  dataId: string;
  /** How many data points the report rejects, and for how many it gives a corrected value. */
  rejected: number;
  corrected: number;
}

const dataPoints = (count: number) => `${count} data point${count === 1 ? "" : "s"}`;

export function qaReportFindings(publicUrl: string, facts: QaReportFindingsFacts): MailContent {
  const framework = frameworkLabel(facts.dataType);
  const findings = [
    ...(facts.rejected > 0 ? [`rejects ${dataPoints(facts.rejected)}`] : []),
    ...(facts.corrected > 0 ? [`gives a corrected value for ${dataPoints(facts.corrected)}`] : []),
  ].join(" and ");
  return {
    subject: `A reviewer's QA report on your ${framework} data for ${facts.companyName}`,
    preview: "A reviewer has checked your data point by data point.",
    greeting: greet(facts.recipientName),
    paragraphs: [
      `A reviewer has written a QA report on the ${framework} data you uploaded for ${facts.companyName} (${facts.reportingPeriod}). The report ${findings}.`,
      "The dataset's page shows each verdict next to its value, with the reviewer's comment and the corrected value and its source.",
    ],
    facts: [
      { label: "Company", value: facts.companyName },
      { label: "Framework", value: framework },
      { label: "Reporting period", value: facts.reportingPeriod },
      ...(facts.rejected > 0 ? [{ label: "Rejected", value: dataPoints(facts.rejected) }] : []),
      ...(facts.corrected > 0 ? [{ label: "Corrected", value: dataPoints(facts.corrected) }] : []),
    ],
    action: {
      label: "See the report",
      url: links.dataset(publicUrl, facts.companyId, facts.dataType, facts.dataId),
    },
    reason: "You get this e-mail because you uploaded this data.",
  };
}

export interface DigestEntry {
  portfolioId: string;
  portfolioName: string;
  companyId: string;
  companyName: string;
  dataType: string;
  reportingPeriod: string;
  dataId: string;
  isUpdate: boolean;
}

const FREQUENCY_WORDS: Record<string, string> = { Daily: "day", Weekly: "week", Monthly: "month" };

/** One mail for all new and updated data of a period, grouped by portfolio and company. */
export function portfolioUpdates(
  publicUrl: string,
  facts: { recipientName?: string; frequency: string; entries: DigestEntry[] },
): MailContent {
  const portfolios = new Map<string, { name: string; companies: Map<string, DigestEntry[]> }>();
  for (const entry of facts.entries) {
    let portfolio = portfolios.get(entry.portfolioId);
    if (!portfolio) {
      portfolio = { name: entry.portfolioName, companies: new Map() };
      portfolios.set(entry.portfolioId, portfolio);
    }
    const list = portfolio.companies.get(entry.companyId) ?? [];
    list.push(entry);
    portfolio.companies.set(entry.companyId, list);
  }
  const sections: MailSection[] = [];
  for (const portfolio of portfolios.values()) {
    for (const [companyId, entries] of portfolio.companies) {
      const first = entries[0] as DigestEntry;
      entries.sort((a, b) =>
        a.dataType === b.dataType
          ? b.reportingPeriod.localeCompare(a.reportingPeriod)
          : frameworkLabel(a.dataType).localeCompare(frameworkLabel(b.dataType)),
      );
      sections.push({
        title: `${portfolio.name}: ${first.companyName}`,
        url: links.company(publicUrl, companyId),
        items: entries.map((entry) => ({
          text: `${frameworkLabel(entry.dataType)} ${entry.reportingPeriod} (${entry.isUpdate ? "updated" : "new"})`,
          url: links.dataset(publicUrl, entry.companyId, entry.dataType, entry.dataId),
        })),
      });
    }
  }
  const count = facts.entries.length;
  const period = FREQUENCY_WORDS[facts.frequency] ?? "period";
  return {
    subject: `New data in your portfolios: ${count} ${count === 1 ? "dataset" : "datasets"}`,
    preview: `What changed for the companies you monitor this ${period}.`,
    greeting: greet(facts.recipientName),
    paragraphs: [
      `Here is what is new for the companies you monitor on Openverde this ${period}: ${count} new or updated ${count === 1 ? "dataset" : "datasets"} in ${portfolios.size} ${portfolios.size === 1 ? "portfolio" : "portfolios"}.`,
    ],
    sections,
    action: { label: "Open your portfolios", url: links.portfolios(publicUrl) },
    reason: "You get this e-mail because you monitor portfolios on Openverde.",
  };
}

export interface SupportRequestFacts {
  recipientName?: string;
  requesterName: string;
  requesterEmail: string;
  topic: string;
  message: string;
}

export function supportRequest(_publicUrl: string, facts: SupportRequestFacts): MailContent {
  return {
    subject: `Support request: ${facts.topic}`,
    preview: `${facts.requesterName} needs a hand with their portfolios.`,
    greeting: greet(facts.recipientName),
    paragraphs: [
      `${facts.requesterName} (${facts.requesterEmail}) asked for help with their portfolios. Reply to this e-mail to answer them directly.`,
      facts.message,
    ],
    facts: [
      { label: "Topic", value: facts.topic },
      { label: "From", value: `${facts.requesterName} <${facts.requesterEmail}>` },
    ],
    reason: "You get this e-mail because you are an Openverde administrator.",
  };
}

export interface PasswordResetFacts {
  recipientName?: string;
  username: string;
  resetUrl: string;
  validMinutes: number;
  /** An admin made the account: an invitation to choose a first password. */
  invitation?: boolean;
}

export function passwordReset(_publicUrl: string, facts: PasswordResetFacts): MailContent {
  const minutes = `${facts.validMinutes} minute${facts.validMinutes === 1 ? "" : "s"}`;
  if (facts.invitation) return invitation(facts);
  return {
    subject: "Choose a new password for Openverde",
    preview: `The link works once, for ${minutes}.`,
    greeting: greet(facts.recipientName),
    paragraphs: [
      `Someone, probably you, asked to choose a new password for the Openverde account ${facts.username}. Follow the link below to choose it. The link works once, for the next ${minutes}.`,
      "If you did not ask for this, ignore this e-mail: your password stays as it is.",
    ],
    facts: [{ label: "Account", value: facts.username }],
    action: { label: "Choose a new password", url: facts.resetUrl },
    reason:
      "You get this e-mail because a new password was asked for your Openverde account. Never forward it: the link lets anyone set your password.",
  };
}

function invitation(facts: PasswordResetFacts): MailContent {
  const days = Math.max(1, Math.round(facts.validMinutes / (24 * 60)));
  const validity = `${days} day${days === 1 ? "" : "s"}`;
  return {
    subject: "You are invited to Openverde",
    preview: `Choose your password within ${validity}.`,
    greeting: greet(facts.recipientName),
    paragraphs: [
      `An administrator of Openverde made the account ${facts.username} for you. Follow the link below to choose your password; then sign in with it. The link works once, for the next ${validity}.`,
      "If you did not expect this, ignore this e-mail: nobody can sign in to the account without the link.",
    ],
    facts: [{ label: "Account", value: facts.username }],
    action: { label: "Choose your password", url: facts.resetUrl },
    reason:
      "You get this e-mail because an Openverde administrator invited you. Never forward it: the link lets anyone set your password.",
  };
}
