import { Tag } from "../../components/workflow";
import {
  type AccessStatus,
  accessLabel,
  accessTone,
  priorityTone,
  type RequestPriority,
  type RequestStatus,
  statusLabel,
  statusTone,
} from "./request-model";

export function StatusTag({ status }: { status: RequestStatus }) {
  return <Tag tone={statusTone[status]}>{statusLabel[status]}</Tag>;
}

export function AccessTag({ access }: { access: AccessStatus }) {
  return <Tag tone={accessTone[access]}>{accessLabel[access]}</Tag>;
}

export function PriorityTag({ priority }: { priority: RequestPriority }) {
  return <Tag tone={priorityTone[priority]}>{priority}</Tag>;
}
