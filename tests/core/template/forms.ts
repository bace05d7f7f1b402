// Small builders for template forms used across the converter tests.
import { type Action, type ActionType, createAction } from '../../../core/template/action';
import {
  BLOCK_KINDS,
  type Block,
  type BlockKind,
  type BlockOf,
  createBlock,
} from '../../../core/template/blocks';
import type { TemplateForm, TemplatePreset } from '../../../core/template/form';

export const IMAGE = 'https://cdn.example.com/pictures/cover.png';

/** A block of `kind` that passes spec 5 as created (images get an address). */
export function validBlock<K extends BlockKind>(kind: K, fields: Partial<BlockOf<K>> = {}): BlockOf<K> {
  const needsImage = [
    'imageCover',
    'imageBackground',
    'imageLeftInfoAndButtonRight',
    'imageLeftAndInfoRight',
  ];
  const base = needsImage.includes(kind) ? { url: IMAGE } : {};
  return createBlock(kind, { ...base, ...fields } as Partial<BlockOf<K>>);
}

export const ALL_KINDS: readonly BlockKind[] = BLOCK_KINDS;

export function form(items: Block[][], fields: Partial<TemplateForm> = {}): TemplateForm {
  return {
    name: 'Summer sale',
    altText: '',
    template: 'custom' as TemplatePreset,
    contentSize: 'mega',
    items: items.map((contents) => ({ contents: contents.map((b, position) => ({ ...b, position })) })),
    ...fields,
  };
}

/** An action of `type` filled so spec 5 passes. */
export function validAction(type: ActionType, fields: Partial<Action> = {}): Action {
  const filled: Partial<Record<ActionType, Partial<Action>>> = {
    message: { text: 'Hello' },
    uri: { uri: 'https://shop.example.com/item/1' },
    templateId: { templateId: 'tpl-42', displayText: 'Show me' },
    talkToHuman: { displayTextBot: 'An agent will answer soon', textUser: 'Talk to a person' },
    tel: { tel: '0812345678' },
    location: { lat: '13.7563', lng: '100.5018' },
    apiCondition: { apiKey: 'stock-check' },
    flow: { flowId: 'flow-7', flowMessage: 'Start' },
    postback: { data: 'menu=1', displayText: 'Menu' },
  };
  return { ...createAction(type), ...filled[type], ...fields };
}
