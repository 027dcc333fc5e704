/**
 * Operator content: who runs this installation and how to reach them. Replace these defaults before
 * building the app for your own installation (see docs/web.md).
 */
export const site = {
  name: "Openverde",
  operator: "The Openverde project",
  contactEmail: "contact@openverde.org",
  socialLink: { label: "Openverde on LinkedIn", href: "https://www.linkedin.com/company/openverde" },
  copyrightStartYear: 2025,
} as const;

/** The pre-filled enquiry of the "Get in touch" card on the landing page. */
export const enquiry = {
  subject: "Enquiry about Openverde",
  body: [
    "Hello Openverde team,",
    "",
    "I would like to know more about:",
    "",
    "My organisation:",
    "My role:",
    "",
    "Kind regards,",
  ].join("\n"),
} as const;
