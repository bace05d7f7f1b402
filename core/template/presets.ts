// The editor's starting points (spec 2): three preset cards and an empty custom one. Each preset
// is an ordinary form, so everything the editor can do to a custom card works on it too.
import { type Block, createBlock } from './blocks';
import {
  type ContentSize,
  TEMPLATE_PRESETS,
  type TemplateForm,
  type TemplateItem,
  type TemplatePreset,
} from './form';
import { DEFAULTS } from './styles';

export { TEMPLATE_PRESETS };

/** Spec 5: template_2's button labels hold at most 30 characters, template_1's 300. */
export const PRESET_LABEL_MAX: Record<TemplatePreset, number> = {
  template_1: 300,
  template_2: 30,
  template_3: 300,
  custom: 300,
};

function positioned(blocks: Block[]): Block[] {
  return blocks.map((block, position) => ({ ...block, position }));
}

/** One card of the preset; a carousel adds more of the same. */
export function createItem(preset: TemplatePreset): TemplateItem {
  switch (preset) {
    // Product card: picture, title, description, one call to action.
    case 'template_1':
      return {
        contents: positioned([
          createBlock('imageCover', { aspectRatio: DEFAULTS.bubbleAspectRatio }),
          createBlock('textHeader', { text: 'Title', paddingBottom: 0 }),
          createBlock('textHeader', {
            text: 'Description',
            weight: 'regular',
            size: 'sm',
            color: '#666666',
            paddingTop: 8,
          }),
          createBlock('button', { paddingTop: 0 }),
        ]),
      };
    // Menu card: picture, title and three short choices.
    case 'template_2':
      return {
        contents: positioned([
          createBlock('imageCover', { aspectRatio: DEFAULTS.bubbleAspectRatio }),
          createBlock('textHeader', { text: 'Title' }),
          createBlock('button', { text: 'Choice 1', paddingTop: 0, paddingBottom: 8 }),
          createBlock('button', { text: 'Choice 2', paddingTop: 0, paddingBottom: 8 }),
          createBlock('button', { text: 'Choice 3', paddingTop: 0 }),
        ]),
      };
    // Promotion card: square picture with a badge and a caption over it, then a button.
    case 'template_3':
      return {
        contents: positioned([
          createBlock('imageBackground', {}),
          createBlock('labelLeftTop', { text: 'NEW' }),
          createBlock('labelCenterBottom', { text: 'Caption', paddingBottom: 88 }),
          createBlock('button', {}),
        ]),
      };
    case 'custom':
      return { contents: [] };
  }
}

export function createTemplate(
  preset: TemplatePreset = 'custom',
  options: { name?: string; contentSize?: ContentSize } = {},
): TemplateForm {
  return {
    name: options.name ?? '',
    altText: '',
    template: preset,
    contentSize: options.contentSize ?? 'mega',
    items: [createItem(preset)],
  };
}
