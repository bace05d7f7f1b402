// A readable place for a field path ("Bubble 2 · Button · Action · URL"); the messages themselves
// are turned into the console's language by app/localMessage.
import { t } from '../app/i18n';
import { parsePath } from './paths';

const FIELD_LABELS = new Set([
  'text',
  'textTop',
  'textBottom',
  'textBtn',
  'color',
  'backgroundColor',
  'colorTop',
  'colorBottom',
  'colorBtn',
  'backgroundColorBtn',
  'url',
  'urlApi',
  'aspectRatio',
  'width',
  'height',
  'paddingTop',
  'paddingBottom',
  'paddingStart',
  'paddingEnd',
  'action',
  'actionImage',
  'actionTextTop',
  'actionTextBottom',
  'actionBtnBottom',
  'uri',
  'tel',
  'templateId',
  'queueId',
  'displayText',
  'textUser',
  'displayTextBot',
  'apiKey',
  'apiName',
  'urlApiName',
  'urlTelName',
  'parameterBodyJson',
  'flowId',
  'data',
  'type',
  'altText',
  'baseUrl',
  'baseHeight',
  'sizeImage',
  'gridLeft',
  'gridRight',
  'top',
  'left',
  'columns',
  'rows',
  'cells',
  'spans',
  'contents',
  'items',
  'areas',
  'name',
  'kind',
]);

/** Where a field sits, in words; `blockName` gives a block's label from its place in the form. */
export function describeField(field: string, blockName: (item: number, block: number) => string): string {
  const parts = parsePath(field);
  const words: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    const next = parts[i + 1];
    if (part === 'items' && typeof next === 'number') {
      const block = parts[i + 2] === 'contents' ? parts[i + 3] : undefined;
      words.push(t('templates.bubbleN', { n: next + 1 }));
      if (typeof block === 'number') {
        words.push(blockName(next, block));
        i += 3;
      } else i += 1;
    } else if (part === 'areas' && typeof next === 'number') {
      words.push(t('templates.imagemap.areaN', { n: next + 1 }));
      i += 1;
    } else if (
      (part === 'columns' || part === 'rows' || part === 'cells' || part === 'spans') &&
      typeof next === 'number'
    ) {
      words.push(`${t(`templates.fields.${part}`)} ${next + 1}`);
      i += 1;
    } else if (part === 'message') {
      words.push(t('templates.fields.message'));
      break;
    } else if (typeof part === 'string' && part && part !== 'component') {
      // `component` is the block as a whole (a kind a channel cannot show): its name says which.
      words.push(FIELD_LABELS.has(part) ? t(`templates.fields.${part}`) : part);
    }
  }
  return words.join(' · ');
}
