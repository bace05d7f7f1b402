// A saved template as the API sends it (wire names in the spec's style: `_id`, snake_case).
import type { TemplateRow } from './store';

const person = (id: string | null, name: string | null) =>
  id ? { _id: id, display_name: name ?? '' } : null;

/** What lists show: no form, no message. */
export function templateSummaryToWire(row: TemplateRow) {
  const form = row.form as { items?: unknown[]; areas?: unknown[] };
  return {
    _id: row.id,
    name: row.name,
    kind: row.kind,
    /** Bubbles of a card message, areas of an image map. */
    count: row.kind === 'imagemap' ? (form.areas?.length ?? 0) : (form.items?.length ?? 1),
    alt_text: typeof row.lineMessage.altText === 'string' ? row.lineMessage.altText : row.name,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    created_by: person(row.createdBy, row.createdByName),
    updated_by: person(row.updatedBy, row.updatedByName),
  };
}

/** One template in full: the editor's form and the LINE message stored with it. */
export function templateToWire(row: TemplateRow) {
  return { ...templateSummaryToWire(row), form: row.form, message: row.lineMessage };
}

export type TemplateSummaryWire = ReturnType<typeof templateSummaryToWire>;
export type TemplateWire = ReturnType<typeof templateToWire>;
