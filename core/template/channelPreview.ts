// What each channel gets from one saved template (issue 6 "preview"): LINE's message and the
// Messenger, Instagram, web widget and WeChat conversions, or each one's field-named reasons.
// Shared by the server's preview endpoint and the editor's channel tab, so both always agree.
import { toFlexMessage } from './flex';
import type { FlexMessage } from './flexTypes';
import { readTemplateForm } from './form';
import { type LineImagemapMessage, toImagemapMessage } from './imagemap';
import { type MetaMessage, toMessengerMessage } from './messenger';
import { type ConvertOptions, type ConvertResult, failure } from './result';
import { toWeChatMessages, type WeChatMessage } from './wechat';
import { toWidgetCards, type WidgetCardMessage } from './widgetCard';

/** A saved template's kind: one bubble, a carousel of 2 to 5, or a LINE image map. */
export const TEMPLATE_KINDS = ['bubble', 'carousel', 'imagemap'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

export const PREVIEW_CHANNELS = ['line', 'messenger', 'instagram', 'widget', 'wechat'] as const;
export type PreviewChannel = (typeof PREVIEW_CHANNELS)[number];

export const CHANNEL_PREVIEW_MESSAGES = {
  /** LINE is the only platform with image maps; the others get no fallback rather than a wrong one. */
  imagemapOnlyLine: 'Image maps can be sent on LINE only.',
} as const;

export interface ChannelPreviews {
  line: ConvertResult<FlexMessage | LineImagemapMessage>;
  messenger: ConvertResult<MetaMessage>;
  instagram: ConvertResult<MetaMessage>;
  widget: ConvertResult<WidgetCardMessage>;
  wechat: ConvertResult<WeChatMessage[]>;
}

/**
 * Channels that get a saved card converted from its editor form (their own converters below)
 * when it is sent, rather than from the LINE Flex stored with it.
 */
export const FORM_CONVERTED_CHANNELS = ['messenger', 'instagram', 'wechat'] as const;
export type FormConvertedChannel = (typeof FORM_CONVERTED_CHANNELS)[number];

export function isFormConverted(channel: string): channel is FormConvertedChannel {
  return (FORM_CONVERTED_CHANNELS as readonly string[]).includes(channel);
}

/**
 * What a form-converted channel's adapter makes of a card when it is delivered (the same converter
 * with the same options), so a send can be refused, by field, before anything is stored.
 */
export function convertForChannel(
  channel: FormConvertedChannel,
  form: unknown,
  options: ConvertOptions,
): ConvertResult<MetaMessage | WeChatMessage[]> {
  return channel === 'wechat'
    ? toWeChatMessages(form, options)
    : toMessengerMessage(form, { ...options, channel });
}

/** How a saved template converts when it is sent: as saved, with every API placeholder filled. */
export function sendOptions(name: string | null | undefined): ConvertOptions {
  return { mode: 'submit', values: {}, fallbackName: name };
}

/** bubble or carousel from the number of items; imagemap when the form is an image map. */
export function templateKindOf(imagemap: boolean, form: unknown): TemplateKind {
  if (imagemap) return 'imagemap';
  const read = readTemplateForm(form);
  return read.ok && read.form.items.length > 1 ? 'carousel' : 'bubble';
}

/** Every channel's conversion of a form; never throws. */
export function previewChannels(
  kind: TemplateKind,
  form: unknown,
  options: ConvertOptions = {},
): ChannelPreviews {
  if (kind === 'imagemap') {
    const notHere = failure([{ field: 'kind', message: CHANNEL_PREVIEW_MESSAGES.imagemapOnlyLine }]);
    return {
      line: toImagemapMessage(form, {
        fallbackName: options.fallbackName,
        final: options.values !== undefined,
      }),
      messenger: notHere,
      instagram: notHere,
      widget: notHere,
      wechat: notHere,
    };
  }
  return {
    line: toFlexMessage(form, options),
    messenger: toMessengerMessage(form, { ...options, channel: 'messenger' }),
    instagram: toMessengerMessage(form, { ...options, channel: 'instagram' }),
    widget: toWidgetCards(form, options),
    wechat: toWeChatMessages(form, options),
  };
}
