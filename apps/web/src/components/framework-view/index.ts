export { CorrectionBadge, type CorrectionMark, correctionSentence } from "./CorrectionBadge";
export { DataSourceLink } from "./DataSourceLink";
export {
  type DocumentLoader,
  DocumentOpenerProvider,
  useDocumentLoader,
  useDocumentOpener,
} from "./document-opener";
export {
  type DocumentRequest,
  documentAddress,
  firstCitedPage,
  toDocumentRequest,
} from "./document-reference";
export { saveFile, workbookBytes } from "./export";
export { FrameworkView, type FrameworkViewProps } from "./FrameworkView";
export {
  buildComparison,
  type ComparisonModel,
  cellPlaceholder,
  compareColumns,
  type DatasetColumn,
  NO_DATA_PROVIDED,
  ONLY_AUXILIARY_DATA_PROVIDED,
} from "./model";
export { type QaFinding, QaFindingBadge } from "./QaFindingBadge";
export { QaStatusTag } from "./QaStatusTag";
export { valueTable } from "./structured-value";
export { useNarrowScreen } from "./view-preferences";
