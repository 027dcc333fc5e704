export { clearDraft, draftKey, loadDraft, saveDraft, type UploadDraft } from "./draft";
export { FieldRow, fieldDomId } from "./FieldRow";
export {
  FrameworkFormSections,
  type FrameworkFormSectionsHandle,
  sectionIndexByPath,
} from "./FrameworkFormSections";
export {
  DOCUMENT_CATEGORIES,
  type DocumentCategory,
  datasetToState,
  type FormState,
  type ReportEntry,
  stateToPayload,
} from "./form-state";
export { FormStore, useChangedSince, usePeriod, useReports } from "./form-store";
export { REPORTS_AREA_ID, ReportsArea } from "./ReportsArea";
export { checkForm, type FormProblem, UNUSED_REPORTS_MESSAGE, unusedReportsMessage } from "./rules";
export { WEB_CRYPTO_UNAVAILABLE } from "./sha256";

import "./FrameworkForm.css";
