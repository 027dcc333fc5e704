import type { FrameworkId } from "@openverde/frameworks";
import { getFramework } from "@openverde/frameworks";
import type { ReactNode } from "react";
import { Breadcrumb } from "../../components/Breadcrumb";
import { DocumentOpenerProvider, useDocumentLoader } from "../../components/framework-view";
import { PageFrame } from "../../components/PageFrame";
import { useCompany } from "../companies/company-api";
import "./FrameworkPages.css";

/** Breadcrumb, heading and document viewer around a framework data view of a company. */
export function FrameworkPageFrame({
  companyId,
  frameworkId,
  crumbs = [],
  title,
  description,
  children,
}: {
  companyId: string;
  frameworkId: FrameworkId;
  crumbs?: { label: string; to?: string }[];
  title?: string;
  description: string;
  children: ReactNode;
}) {
  const company = useCompany(companyId);
  const loader = useDocumentLoader(frameworkId);
  const framework = getFramework(frameworkId);
  const companyName = company.data?.companyInformation.companyName ?? "Company";
  const trail = [
    { label: "Companies", to: "/companies" },
    { label: companyName, to: `/companies/${companyId}` },
    { label: framework.label, to: `/companies/${companyId}/frameworks/${frameworkId}` },
    ...crumbs,
  ];
  return (
    <DocumentOpenerProvider loader={loader}>
      <Breadcrumb trail={trail} />
      <PageFrame title={title ?? `${framework.label} data of ${companyName}`} description={description}>
        {children}
      </PageFrame>
    </DocumentOpenerProvider>
  );
}

export function Notice({ tone = "info", children }: { tone?: "info" | "error"; children: ReactNode }) {
  return (
    <div className={`fw-notice fw-notice--${tone}`} role={tone === "error" ? "alert" : "status"}>
      {children}
    </div>
  );
}
