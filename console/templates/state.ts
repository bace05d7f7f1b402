// The template editor's state (one editor open at a time): the form being edited, what is
// selected, and what follows from them — problems by field, unsaved changes, the preview.
import { batch, computed, signal } from '@preact/signals-react';
import { createAction } from '../../core/template/action';
import { type Block, type BlockKind, createBlock, createLocalizedBlock } from '../../core/template/blocks';
import { previewChannels, type TemplateKind, templateKindOf } from '../../core/template/channelPreview';
import { itemComponents, toFlexMessage } from '../../core/template/flex';
import type { FlexBubble, FlexCarousel } from '../../core/template/flexTypes';
import {
  MAX_TEMPLATE_BUBBLES,
  readTemplateForm,
  type TemplateForm,
  type TemplatePreset,
} from '../../core/template/form';
import {
  CUSTOM_LAYOUT_DEFAULT_AREA,
  createImagemap,
  type ImagemapFamily,
  type ImagemapForm,
  type ImagemapLayoutId,
  toImagemapMessage,
} from '../../core/template/imagemap';
import { createItem, createTemplate } from '../../core/template/presets';
import { Problems } from '../../core/template/result';
import { type FieldError, MESSAGES } from '../../core/validation/rules';
import { t } from '../app/i18n';
import type { SavedTemplate } from './api';

export type EditorKind = 'card' | 'imagemap';

export const name = signal('');
export const kind = signal<EditorKind>('card');
export const card = signal<TemplateForm>(createTemplate('template_1'));
export const imagemap = signal<ImagemapForm>(createImagemap('square', 0));
export const templateId = signal<string | null>(null);
export const updatedAt = signal<string | null>(null);
/** The bubble whose tab is open. */
export const itemIndex = signal(0);
/** The selected block, by its key. */
export const selectedKey = signal<string | null>(null);
export const areaIndex = signal(0);
/** Spec 3 editor state: save attempts; after the first, every problem is shown beside its field. */
export const countSubmit = signal(0);
/** Fields the user has changed; their problems show at once. */
export const touched = signal<ReadonlySet<string>>(new Set());
const saved = signal('');
/** Set when an action of the editor asks for the spec's alert (more than 5 bubbles). */
export const bubbleAlert = signal(false);

export const activeForm = computed<Record<string, unknown>>(
  () => (kind.value === 'card' ? card.value : imagemap.value) as unknown as Record<string, unknown>,
);
const snapshot = computed(() => JSON.stringify([name.value.trim(), kind.value, activeForm.value]));
export const dirty = computed(() => snapshot.value !== saved.value);
export const templateKind = computed<TemplateKind>(() =>
  templateKindOf(kind.value === 'imagemap', activeForm.value),
);

/** Every problem that would stop a save, in the server's words (the same converters). */
export const problems = computed<FieldError[]>(() => {
  const out: FieldError[] = [];
  if (!name.value.trim()) out.push({ field: 'name', message: MESSAGES.required });
  const result =
    kind.value === 'card'
      ? toFlexMessage(card.value, { mode: 'submit', fallbackName: name.value })
      : toImagemapMessage(imagemap.value, { fallbackName: name.value });
  if (!result.ok) out.push(...result.errors);
  return out;
});

export const problemByField = computed(() => {
  const map = new Map<string, string>();
  for (const p of problems.value) if (!map.has(p.field)) map.set(p.field, p.message);
  return map;
});

/** The problem to show beside a field: once it was changed, or after a save attempt. */
export function shownProblem(field: string): string | undefined {
  if (countSubmit.value === 0 && !touched.value.has(field)) return undefined;
  return problemByField.value.get(field);
}

export function touch(field: string) {
  if (touched.value.has(field)) return;
  touched.value = new Set([...touched.value, field]);
}

/** What each channel would get, as customers see it (show mode). */
export const channelPreviews = computed(() =>
  previewChannels(templateKind.value, activeForm.value, { fallbackName: name.value }),
);

/** The card drawn even while it has problems, so the preview follows every keystroke. */
export const previewContents = computed<FlexBubble | FlexCarousel | null>(() => {
  try {
    const read = readTemplateForm(card.value);
    if (!read.ok) return null;
    const problems = new Problems();
    const bubbles: FlexBubble[] = read.form.items.map((_, i) => ({
      type: 'bubble',
      size: read.form.contentSize,
      body: {
        type: 'box',
        layout: 'vertical',
        paddingAll: '0px',
        contents: itemComponents(read.form, i, { mode: 'show' }, problems, { placeholders: true }),
      },
    }));
    return bubbles.length === 1 ? bubbles[0] : { type: 'carousel', contents: bubbles };
  } catch {
    return null;
  }
});

export function updateCard(change: (draft: TemplateForm) => void) {
  const draft = structuredClone(card.value);
  change(draft);
  card.value = draft;
}

export function updateImagemap(change: (draft: ImagemapForm) => void) {
  const draft = structuredClone(imagemap.value);
  change(draft);
  imagemap.value = draft;
}

/** Changes the form being edited, whichever kind it is. */
export function updateActive(change: (draft: Record<string, unknown>) => void) {
  if (kind.value === 'card') updateCard((d) => change(d as unknown as Record<string, unknown>));
  else updateImagemap((d) => change(d as unknown as Record<string, unknown>));
}

/** Contents in display order with position = index, and a key on every block. */
function normalizeCard(form: TemplateForm): TemplateForm {
  return {
    ...form,
    items: form.items.map((item) => ({
      ...item,
      contents: [...item.contents]
        .map((block, index) => ({ block, index }))
        .sort((a, b) => (a.block.position ?? 0) - (b.block.position ?? 0) || a.index - b.index)
        .map(({ block }, position) => ({
          ...block,
          key: block.key || `${block.component}-${Math.random().toString(36).slice(2)}`,
          position,
        })),
    })),
  };
}

function markSaved() {
  saved.value = snapshot.value;
}

/** A fresh editor: a card from `preset`, or an image map. */
export function startNew(editorKind: EditorKind = 'card', preset: TemplatePreset = 'template_1') {
  batch(() => {
    templateId.value = null;
    updatedAt.value = null;
    name.value = '';
    kind.value = editorKind;
    card.value = normalizeCard(createTemplate(preset));
    imagemap.value = createImagemap('square', 1);
    resetSelection();
    countSubmit.value = 0;
    touched.value = new Set();
    markSaved();
  });
}

/** Loads a saved template; what the server sent is the new "saved" state. */
export function load(template: SavedTemplate) {
  const same = templateId.value === template._id;
  batch(() => {
    if (!same) resetSelection();
    templateId.value = template._id;
    updatedAt.value = template.updated_at;
    name.value = template.name;
    if (template.kind === 'imagemap') {
      kind.value = 'imagemap';
      imagemap.value = template.form as unknown as ImagemapForm;
    } else {
      kind.value = 'card';
      const read = readTemplateForm(template.form);
      card.value = normalizeCard(read.ok ? read.form : createTemplate('custom'));
    }
    itemIndex.value = Math.min(itemIndex.value, Math.max(0, card.value.items.length - 1));
    markSaved();
  });
}

function resetSelection() {
  itemIndex.value = 0;
  selectedKey.value = null;
  areaIndex.value = 0;
}

export function switchKind(next: EditorKind) {
  batch(() => {
    kind.value = next;
    resetSelection();
  });
}

// Blocks and bubbles of a card.

export const currentItem = computed(() => card.value.items[itemIndex.value] ?? card.value.items[0]);

export function blockIndex(key: string | null): number {
  return key ? currentItem.value.contents.findIndex((b) => b.key === key) : -1;
}

export function addBlock(blockKind: BlockKind) {
  // Its name and texts are in the user's language of the moment.
  const block = createLocalizedBlock(blockKind, {
    name: t(`templates.blocks.${blockKind}`),
    text: t('templates.blockDefaults.text'),
    title: t('templates.blockDefaults.title'),
    button: t('templates.blockDefaults.button'),
    label: t('templates.blockDefaults.label'),
  });
  updateCard((form) => {
    const contents = form.items[itemIndex.value].contents;
    contents.push({ ...block, position: contents.length } as Block);
  });
  selectedKey.value = block.key;
}

function reposition(contents: Block[]) {
  contents.forEach((b, i) => {
    b.position = i;
  });
}

export function removeBlock(key: string) {
  updateCard((form) => {
    const item = form.items[itemIndex.value];
    item.contents = item.contents.filter((b) => b.key !== key);
    reposition(item.contents);
  });
  if (selectedKey.value === key) selectedKey.value = null;
}

export function duplicateBlock(key: string) {
  const index = blockIndex(key);
  if (index < 0) return;
  const source = currentItem.value.contents[index];
  const copy = { ...structuredClone(source), key: createBlock(source.component).key };
  updateCard((form) => {
    const contents = form.items[itemIndex.value].contents;
    contents.splice(index + 1, 0, copy);
    reposition(contents);
  });
  selectedKey.value = copy.key;
}

export function moveBlock(from: number, to: number) {
  if (from === to || from < 0 || to < 0) return;
  updateCard((form) => {
    const contents = form.items[itemIndex.value].contents;
    const [moved] = contents.splice(from, 1);
    contents.splice(to, 0, moved);
    reposition(contents);
  });
}

/** Spec 5: at most 5 bubbles; one more asks for the spec's alert instead. */
export function addItem(copyOf?: number) {
  if (card.value.items.length >= MAX_TEMPLATE_BUBBLES) {
    bubbleAlert.value = true;
    return;
  }
  updateCard((form) => {
    const source = copyOf === undefined ? null : form.items[copyOf];
    form.items.push(
      source
        ? normalizeCard({ ...form, items: [structuredClone(source)] }).items[0]
        : createItem(form.template),
    );
  });
  if (copyOf !== undefined) {
    // Copies need keys of their own.
    updateCard((form) => {
      const last = form.items[form.items.length - 1];
      last.contents = last.contents.map((b) => ({ ...b, key: createBlock(b.component).key }));
    });
  }
  batch(() => {
    itemIndex.value = card.value.items.length - 1;
    selectedKey.value = null;
  });
}

export function removeItem(index: number) {
  if (card.value.items.length <= 1) return;
  updateCard((form) => {
    form.items.splice(index, 1);
  });
  batch(() => {
    itemIndex.value = Math.max(0, Math.min(itemIndex.value, card.value.items.length - 1));
    selectedKey.value = null;
  });
}

/** A preset replaces every bubble with its own starting content (the editor confirms first). */
export function applyPreset(preset: TemplatePreset) {
  updateCard((form) => {
    form.template = preset;
    form.items = form.items.map(() => createItem(preset));
  });
  card.value = normalizeCard(card.value);
  selectedKey.value = null;
}

// Image map areas.

export function setLayout(family: ImagemapFamily, layout: ImagemapLayoutId | 'custom') {
  updateImagemap((form) => {
    const next = createImagemap(family, layout);
    // Same-numbered areas keep their actions when the layout changes.
    next.areas.forEach((area, i) => {
      area.action = form.areas[i]?.action ?? null;
    });
    if (layout === 'custom' && form.layout === 'custom') next.areas = form.areas;
    form.family = family;
    form.layout = layout;
    form.areas = next.areas;
  });
  areaIndex.value = 0;
}

export function addArea() {
  updateImagemap((form) => {
    form.areas.push({ ...CUSTOM_LAYOUT_DEFAULT_AREA, action: createAction('none') });
  });
  areaIndex.value = imagemap.value.areas.length - 1;
}

export function removeArea(index: number) {
  updateImagemap((form) => {
    form.areas.splice(index, 1);
  });
  areaIndex.value = Math.max(0, Math.min(areaIndex.value, imagemap.value.areas.length - 1));
}

/** The body the API takes. */
export function requestBody() {
  return {
    name: name.value.trim(),
    kind: templateKind.value,
    form: activeForm.value,
    ...(updatedAt.value ? { updated_at: updatedAt.value } : {}),
  };
}
