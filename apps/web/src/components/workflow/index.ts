import "./Workflow.css";

export { Alert, type AlertTone, EmptyState } from "./Alert";
export { CheckboxGroup } from "./CheckboxGroup";
export { ConfirmDialog } from "./ConfirmDialog";
export { CopyButton } from "./CopyButton";
export { ErrorSummary, type ErrorSummaryItem } from "./ErrorSummary";
export { type FilterOption, FilterSearch, FilterSelect, sameLabel } from "./FilterFields";
export { formatDate, formatDateTime, plural } from "./format";
export { MultiFilter } from "./MultiFilter";
export { Pager } from "./Pager";
export { Tag, type TagTone } from "./Tag";
