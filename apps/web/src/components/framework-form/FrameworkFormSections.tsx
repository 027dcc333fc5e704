/**
 * The generated sections of an upload form with their navigation. A section's fields are rendered
 * only while it is open, so even the 237 fields of EU Taxonomy Financials stay light. Nothing here
 * depends on the answers: typing re-renders the field typed in, never the sections around it.
 */
import { buildFrameworkForm, type FormSection, type FrameworkId } from "@openverde/frameworks";
import { forwardRef, memo, useCallback, useImperativeHandle, useMemo, useState } from "react";
import { FieldRow, fieldDomId } from "./FieldRow";
import type { FormStore } from "./form-store";

export interface FrameworkFormSectionsHandle {
  /** Opens the section of a field, scrolls to it and focuses its first input. */
  reveal(path: string): void;
  openAll(): void;
}

function sectionId(index: number): string {
  return `ff-section-${index}`;
}

function fieldCount(section: FormSection): number {
  return section.subsections.reduce(
    (count, sub) => count + sub.fields.filter((field) => field.kind !== "referencedReports").length,
    0,
  );
}

export const FrameworkFormSections = memo(
  forwardRef<
    FrameworkFormSectionsHandle,
    { frameworkId: FrameworkId; store: FormStore; problemCounts?: ReadonlyMap<number, number> }
  >(function FrameworkFormSections({ frameworkId, store, problemCounts }, ref) {
    const form = useMemo(() => {
      const built = buildFrameworkForm(frameworkId);
      return {
        ...built,
        sections: built.sections
          .map((section) => ({
            ...section,
            subsections: section.subsections
              .map((sub) => ({
                ...sub,
                fields: sub.fields.filter((field) => field.kind !== "referencedReports"),
              }))
              .filter((sub) => sub.fields.length > 0),
          }))
          .filter((section) => section.subsections.length > 0),
      };
    }, [frameworkId]);
    const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set([0]));

    const sectionOf = (path: string) =>
      form.sections.findIndex((section) =>
        section.subsections.some((sub) => sub.fields.some((f) => f.path === path)),
      );

    useImperativeHandle(ref, () => ({
      reveal(path: string) {
        const index = sectionOf(path);
        if (index < 0) return;
        setOpen((current) => new Set([...current, index]));
        requestAnimationFrame(() => {
          const element = document.getElementById(fieldDomId(path));
          element?.scrollIntoView({ block: "center" });
          const input = element?.querySelector<HTMLElement>("input, select, textarea, button");
          input?.focus({ preventScroll: true });
        });
      },
      openAll() {
        setOpen(new Set(form.sections.map((_, index) => index)));
      },
    }));

    const toggle = useCallback(
      (index: number, value?: boolean) =>
        setOpen((current) => {
          const next = new Set(current);
          if (value ?? !next.has(index)) next.add(index);
          else next.delete(index);
          return next;
        }),
      [],
    );

    return (
      <div className="ff-layout">
        <nav className="ff-nav" aria-label="Sections of the form">
          <ol>
            {form.sections.map((section, index) => {
              const problems = problemCounts?.get(index) ?? 0;
              return (
                <li key={section.label}>
                  <a
                    href={`#${sectionId(index)}`}
                    onClick={(event) => {
                      event.preventDefault();
                      toggle(index, true);
                      requestAnimationFrame(() => {
                        const heading = document.getElementById(`${sectionId(index)}-toggle`);
                        heading?.scrollIntoView({ block: "start" });
                        heading?.focus({ preventScroll: true });
                      });
                    }}
                  >
                    {section.label}
                    <span className="ff-nav__count">
                      {problems > 0 ? (
                        <span className="ff-nav__problems">{problems} to fix</span>
                      ) : (
                        `${fieldCount(section)} fields`
                      )}
                    </span>
                  </a>
                </li>
              );
            })}
          </ol>
          <button
            type="button"
            className="p-button p-component p-button-text p-button-sm"
            onClick={() => setOpen(new Set(form.sections.map((_, index) => index)))}
          >
            Open all sections
          </button>
          <button
            type="button"
            className="p-button p-component p-button-text p-button-sm"
            onClick={() => setOpen(new Set())}
          >
            Close all sections
          </button>
        </nav>
        <div className="ff-sections">
          {form.sections.map((section, index) => (
            <Section
              key={section.label}
              section={section}
              index={index}
              open={open.has(index)}
              onToggle={toggle}
              store={store}
            />
          ))}
        </div>
      </div>
    );
  }),
);

const Section = memo(function Section({
  section,
  index,
  open,
  onToggle,
  store,
}: {
  section: FormSection;
  index: number;
  open: boolean;
  onToggle: (index: number) => void;
  store: FormStore;
}) {
  const id = sectionId(index);
  return (
    <section id={id} className="ff-section" aria-labelledby={`${id}-toggle`}>
      <h2 className="ff-section__heading">
        <button
          type="button"
          id={`${id}-toggle`}
          className="ff-section__toggle"
          aria-expanded={open}
          aria-controls={`${id}-body`}
          onClick={() => onToggle(index)}
        >
          <span className={`pi ${open ? "pi-chevron-down" : "pi-chevron-right"}`} aria-hidden="true" />
          {section.label}
          <span className="ff-section__count">{fieldCount(section)} fields</span>
        </button>
      </h2>
      <div id={`${id}-body`} hidden={!open} className="ff-section__body">
        {open
          ? section.subsections.map((sub) => (
              <div key={sub.label || "fields"} className="ff-subsection">
                {sub.label && sub.label !== section.label ? <h3>{sub.label}</h3> : null}
                {sub.fields.map((field) => (
                  <FieldRow key={field.path} store={store} field={field} />
                ))}
              </div>
            ))
          : null}
      </div>
    </section>
  );
});

/** The section index of each field path, for counting problems per section. */
export function sectionIndexByPath(frameworkId: FrameworkId): Map<string, number> {
  const map = new Map<string, number>();
  buildFrameworkForm(frameworkId)
    .sections.filter((section) =>
      section.subsections.some((sub) => sub.fields.some((f) => f.kind !== "referencedReports")),
    )
    .forEach((section, index) => {
      for (const sub of section.subsections) for (const field of sub.fields) map.set(field.path, index);
    });
  return map;
}
