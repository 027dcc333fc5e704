/**
 * The upload form's state outside React: every input subscribes to its own key, so typing in one
 * field re-renders that field only, however long the form is.
 */
import {
  type FormField,
  type FrameworkDefinition,
  type FrameworkId,
  fieldByPath,
  getFramework,
  isFieldVisible,
} from "@openverde/frameworks";
import { useCallback, useSyncExternalStore } from "react";
import {
  collectDataSources,
  type FieldValues,
  type FormState,
  formFields,
  getAtPath,
  isPlainObject,
  type ReportEntry,
  setAtPath,
} from "./form-state";
import { type FieldMessage, fieldMessages } from "./rules";

type Listener = () => void;

const REPORTS = "@reports";
const PERIOD = "@period";
const ANY = "@any";
const NO_MESSAGES: FieldMessage[] = [];

export class FormStore {
  readonly framework: FrameworkDefinition;
  readonly fields: FormField[];
  private readonly fieldIndex: Map<string, FormField>;
  private values: FieldValues;
  private reports: ReportEntry[];
  private period: string | undefined;
  private readonly messages = new Map<string, FieldMessage[]>();
  /** Inputs whose text could not be read, by `fieldPath#subPath`. */
  private readonly inputErrors = new Map<string, string>();
  private readonly touched = new Set<string>();
  private readonly listeners = new Map<string, Set<Listener>>();
  private version = 0;
  /** Files chosen in this session for reports not yet on the platform, by file reference. */
  readonly files = new Map<string, File>();

  constructor(
    readonly frameworkId: FrameworkId,
    initial: FormState = { values: {}, reports: [] },
    period?: string,
  ) {
    this.framework = getFramework(frameworkId);
    this.fields = formFields(frameworkId);
    this.fieldIndex = new Map(this.fields.map((field) => [field.path, field]));
    this.values = { ...initial.values };
    this.reports = [...initial.reports];
    this.period = period;
    for (const field of this.fields) this.revalidate(field.path, false);
  }

  subscribe = (key: string, listener: Listener): (() => void) => {
    let set = this.listeners.get(key);
    if (!set) {
      set = new Set();
      this.listeners.set(key, set);
    }
    set.add(listener);
    return () => set.delete(listener);
  };

  private emit(key: string): void {
    for (const listener of this.listeners.get(key) ?? []) listener();
  }

  private changed(...keys: string[]): void {
    this.version += 1;
    for (const key of keys) this.emit(key);
    this.emit(ANY);
  }

  /** Calls `listener` after every change of the form's state. */
  onChange(listener: Listener): () => void {
    return this.subscribe(ANY, listener);
  }

  field(path: string): FormField | undefined {
    return this.fieldIndex.get(path);
  }

  get(path: string): unknown {
    return this.values[path];
  }

  getVersion = (): number => this.version;

  /** Replaces a field's wire value. */
  set(path: string, value: unknown): void {
    if (Object.is(this.values[path], value)) return;
    this.values = { ...this.values, [path]: value };
    this.touched.add(path);
    this.revalidate(path, true);
    this.changed(path);
  }

  /** Changes a part of a field's value (`dataSource.page`, `value`, `0.naceCodes`), keeping the rest. */
  setPart(path: string, part: string, partValue: unknown): void {
    const current = this.values[path];
    const copy: Record<string, unknown> = isPlainObject(current) ? structuredClone(current) : {};
    setAtPath(copy, part, partValue);
    this.set(path, copy);
  }

  getPart(path: string, part: string): unknown {
    return getAtPath(this.values[path], part);
  }

  snapshot(): FormState {
    return { values: this.values, reports: this.reports };
  }

  getReports = (): ReportEntry[] => this.reports;

  setReports(reports: ReportEntry[]): void {
    this.reports = reports;
    for (const field of this.fields)
      if (this.values[field.path] !== undefined) this.revalidate(field.path, true);
    this.changed(REPORTS);
  }

  /** Renames a report and the data sources citing it. */
  renameReport(fileReference: string, name: string): void {
    const old = this.reports.find((report) => report.fileReference === fileReference);
    if (!old || old.name === name) return;
    const touchedPaths = this.rewriteSources(fileReference, (source) => {
      if (source.fileName === old.name) source.fileName = name;
    });
    this.reports = this.reports.map((report) =>
      report.fileReference === fileReference ? { ...report, name, fileName: name } : report,
    );
    for (const path of touchedPaths) this.revalidate(path, true);
    this.changed(REPORTS, ...touchedPaths);
  }

  /** Removes a report and clears the data sources citing it; answers how many were cleared. */
  removeReport(fileReference: string): number {
    const touchedPaths = this.rewriteSources(fileReference, (source) => {
      for (const key of Object.keys(source)) if (key !== "page") delete source[key];
    });
    this.reports = this.reports.filter((report) => report.fileReference !== fileReference);
    this.files.delete(fileReference);
    for (const field of this.fields)
      if (this.values[field.path] !== undefined) this.revalidate(field.path, true);
    this.changed(REPORTS, ...touchedPaths);
    return touchedPaths.length;
  }

  private rewriteSources(
    fileReference: string,
    rewrite: (source: Record<string, unknown>) => void,
  ): string[] {
    const paths: string[] = [];
    const next = { ...this.values };
    for (const [path, value] of Object.entries(this.values)) {
      if (!collectDataSources(value).some((source) => source.fileReference === fileReference)) continue;
      const copy = structuredClone(value);
      for (const source of collectDataSources(copy))
        if (source.fileReference === fileReference) rewrite(source);
      next[path] = copy;
      paths.push(path);
    }
    this.values = next;
    return paths;
  }

  getPeriod = (): string | undefined => this.period;

  setPeriod(period: string | undefined): void {
    this.period = period;
    this.changed(PERIOD);
  }

  /** Replaces the whole state, e.g. when a draft or a template dataset is loaded. */
  load(state: FormState, period: string | undefined): void {
    this.values = { ...state.values };
    this.reports = [...state.reports];
    this.period = period;
    this.inputErrors.clear();
    this.touched.clear();
    for (const field of this.fields) this.revalidate(field.path, false);
    this.changed(
      PERIOD,
      REPORTS,
      ...this.fields.map((field) => field.path),
      ...this.fields.map((f) => `!${f.path}`),
    );
  }

  messagesOf = (path: string): FieldMessage[] => this.messages.get(path) ?? NO_MESSAGES;

  private revalidate(path: string, notify: boolean): void {
    const field = this.fieldIndex.get(path);
    if (!field) return;
    const found = fieldMessages(this.frameworkId, field, this.values[path], this.reports);
    const before = this.messages.get(path) ?? NO_MESSAGES;
    const same =
      before.length === found.length &&
      before.every((m, i) => m.at === found[i]?.at && m.message === found[i]?.message);
    if (same) return;
    this.messages.set(path, found.length > 0 ? found : NO_MESSAGES);
    if (notify) this.emit(`!${path}`);
  }

  /** An input's text could not be read (`message`), or can again (undefined). */
  setInputError(path: string, part: string, message: string | undefined): void {
    const key = `${path}#${part}`;
    if (this.inputErrors.get(key) === message) return;
    if (message === undefined) this.inputErrors.delete(key);
    else this.inputErrors.set(key, message);
    this.emit(`!${path}`);
    // Not a change of the values (the version stays), but the summary of problems follows it.
    this.emit(ANY);
  }

  inputError(path: string, part: string): string | undefined {
    return this.inputErrors.get(`${path}#${part}`);
  }

  getInputErrors(): ReadonlyMap<string, string> {
    return this.inputErrors;
  }

  /** Whether a field applies, given the answers it depends on (show-if conditions of the package). */
  isVisible(field: FormField): boolean {
    if (!field.showIf) return true;
    const data: Record<string, unknown> = {};
    for (const path of this.dependencyChain(field)) {
      const value = this.values[path];
      if (value !== undefined) setAtPath(data, path, value);
    }
    const definition = fieldByPath(this.framework, field.path);
    return definition ? isFieldVisible(this.framework, definition, data) : true;
  }

  /** The paths a field's visibility depends on, nearest first. */
  dependencyChain(field: FormField): string[] {
    const chain: string[] = [];
    let current: FormField | undefined = field;
    while (current?.showIf && !chain.includes(current.showIf.field)) {
      chain.push(current.showIf.field);
      current = this.fieldIndex.get(current.showIf.field);
    }
    return chain;
  }

  /** Paths of fields currently shown. */
  visiblePaths(): Set<string> {
    return new Set(this.fields.filter((field) => this.isVisible(field)).map((field) => field.path));
  }

  markTouched(path: string): void {
    if (this.touched.has(path)) return;
    this.touched.add(path);
    this.emit(`!${path}`);
  }

  isTouched(path: string): boolean {
    return this.touched.has(path);
  }

  /** Shows every field's messages (after a submit attempt). */
  touchAll(): void {
    for (const field of this.fields) {
      this.touched.add(field.path);
      this.emit(`!${field.path}`);
    }
  }

  /** Submitted problems from the server or the whole-form check, shown at the fields. */
  private readonly external = new Map<string, FieldMessage[]>();

  setExternalProblems(problems: Map<string, FieldMessage[]>): void {
    const keys = new Set([...this.external.keys(), ...problems.keys()]);
    this.external.clear();
    for (const [path, list] of problems) this.external.set(path, list);
    for (const key of keys) this.emit(`!${key}`);
  }

  externalOf(path: string): FieldMessage[] {
    return this.external.get(path) ?? NO_MESSAGES;
  }
}

/** A field's wire value, re-rendering only when it changes. */
export function useFieldValue(store: FormStore, path: string): unknown {
  const subscribe = useCallback((listener: Listener) => store.subscribe(path, listener), [store, path]);
  return useSyncExternalStore(subscribe, () => store.get(path));
}

/** A counter that changes with the field's messages (read them from the store). */
export function useFieldMessagesVersion(store: FormStore, path: string): string {
  const subscribe = useCallback((listener: Listener) => store.subscribe(`!${path}`, listener), [store, path]);
  return useSyncExternalStore(subscribe, () => {
    const messages = store.messagesOf(path);
    const external = store.externalOf(path);
    const inputs = [...store.getInputErrors()].filter(([key]) => key.startsWith(`${path}#`));
    return `${store.isTouched(path)}|${messages.map((m) => m.at + m.message).join("¦")}|${external
      .map((m) => m.at + m.message)
      .join("¦")}|${inputs.map(([k, v]) => k + v).join("¦")}`;
  });
}

export function useReports(store: FormStore): ReportEntry[] {
  const subscribe = useCallback((listener: Listener) => store.subscribe(REPORTS, listener), [store]);
  return useSyncExternalStore(subscribe, store.getReports);
}

export function usePeriod(store: FormStore): string | undefined {
  const subscribe = useCallback((listener: Listener) => store.subscribe(PERIOD, listener), [store]);
  return useSyncExternalStore(subscribe, store.getPeriod);
}

/** Whether a field is shown; re-renders only when an answer it depends on changes. */
export function useFieldVisible(store: FormStore, field: FormField): boolean {
  const chain = field.showIf ? store.dependencyChain(field) : undefined;
  const key = chain?.join("|") ?? "";
  const subscribe = useCallback(
    (listener: Listener) => {
      if (!key) return () => {};
      const stops = key.split("|").map((path) => store.subscribe(path, listener));
      return () => {
        for (const stop of stops) stop();
      };
    },
    [store, key],
  );
  return useSyncExternalStore(subscribe, () => (key ? store.isVisible(field) : true));
}

/**
 * Whether the form changed since the state of version `baseVersion` (for the leave warning). Re-renders
 * only when the answer flips, not on every keystroke: the page holding the form stays still while typing.
 */
export function useChangedSince(store: FormStore, baseVersion: number): boolean {
  const subscribe = useCallback((listener: Listener) => store.subscribe(ANY, listener), [store]);
  return useSyncExternalStore(subscribe, () => store.getVersion() !== baseVersion);
}
