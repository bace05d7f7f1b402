// Converter and validator messages (English, spec 5 texts) in the console's language, and a
// readable place for a field path ("Bubble 2 · Button · Action · URL").
import { CHANNEL_PREVIEW_MESSAGES } from '../../core/template/channelPreview';
import { IMAGEMAP_MESSAGES } from '../../core/template/imagemap';
import { LIMIT_MESSAGES } from '../../core/template/limits';
import { IMAGEMAP_ACTION_MESSAGE } from '../../core/template/lineActions';
import { TEMPLATE_MESSAGES } from '../../core/template/validate';
import { MESSAGES } from '../../core/validation/rules';
import { t } from '../app/i18n';
import { parsePath } from './paths';

const EXACT: Record<string, string> = {
  [MESSAGES.required]: 'required',
  [MESSAGES.color]: 'color',
  [MESSAGES.url]: 'url',
  [MESSAGES.tel]: 'tel',
  [MESSAGES.number]: 'number',
  [MESSAGES.json]: 'json',
  [MESSAGES.latitude]: 'latitude',
  [MESSAGES.longitude]: 'longitude',
  [MESSAGES.email]: 'email',
  [MESSAGES.time]: 'time',
  [MESSAGES.wechat]: 'wechat',
  [TEMPLATE_MESSAGES.tooManyBubbles]: 'tooManyBubbles',
  [LIMIT_MESSAGES.imageHttps]: 'imageHttps',
  [LIMIT_MESSAGES.imageType]: 'imageType',
  [LIMIT_MESSAGES.aspectRatio]: 'aspectRatio',
  [LIMIT_MESSAGES.imagemapArea]: 'imagemapArea',
  [LIMIT_MESSAGES.bubbleBytes]: 'bubbleBytes',
  [LIMIT_MESSAGES.carouselBytes]: 'carouselBytes',
  [IMAGEMAP_ACTION_MESSAGE]: 'imagemapAction',
  [CHANNEL_PREVIEW_MESSAGES.imagemapOnlyLine]: 'imagemapOnlyLine',
  [IMAGEMAP_MESSAGES.lineChatsOnly]: 'imagemapLineChats',
  [IMAGEMAP_MESSAGES.imageTooLarge]: 'imagemapPictureTooLarge',
  [IMAGEMAP_MESSAGES.imageMissing]: 'imagemapPictureMissing',
  [IMAGEMAP_MESSAGES.noResolution]: 'noResolution',
};

/** The message in the current language; one we do not know is shown as the server wrote it. */
export function errorText(message: string): string {
  const key = EXACT[message];
  if (key) return t(`templates.errors.${key}`);
  let m = /^Please enter at least (\d+) characters\.$/.exec(message);
  if (m) return t('templates.errors.minLength', { n: m[1] });
  m = /^Please enter no more than (\d+) characters\.$/.exec(message);
  if (m) return t('templates.errors.maxLength', { n: m[1] });
  m = /^At most (\d+) are allowed\.$/.exec(message);
  if (m) return t('templates.errors.tooMany', { n: m[1] });
  m = /^(Messenger|Instagram) allows at most (\d+) (.+)\.$/.exec(message);
  if (m) return t('templates.errors.channelTooMany', { channel: m[1], n: m[2], what: m[3] });
  m = /^(Messenger|Instagram) allows at most (\d+) characters here\.$/.exec(message);
  if (m) return t('templates.errors.channelTooLong', { channel: m[1], n: m[2] });
  m = /^(Messenger|Instagram) cannot attach an action to text; use a button\.$/.exec(message);
  if (m) return t('templates.errors.channelTextAction', { channel: m[1] });
  m = /^(Messenger|Instagram) buttons need an action\.$/.exec(message);
  if (m) return t('templates.errors.channelButtonAction', { channel: m[1] });
  m = /^(Messenger|Instagram) cards need a title: add a text block\.$/.exec(message);
  if (m) return t('templates.errors.channelTitle', { channel: m[1] });
  m = /^(Messenger|Instagram) cannot show (.+)\.$/.exec(message);
  if (m) return t('templates.errors.channelCannotShow', { channel: m[1], what: m[2] });
  return message;
}

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
    } else if (typeof part === 'string' && part) {
      words.push(FIELD_LABELS.has(part) ? t(`templates.fields.${part}`) : part);
    }
  }
  return words.join(' · ');
}
