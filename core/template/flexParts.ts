// The pieces Flex blocks are built from: text with only non-default styles, colours converted
// for LINE (or refused by field), actions, paddings and the coloured button box.
import type { Action } from './action';
import type { Block, TextCell, TextSpan } from './blocks';
import type { FlexBox, FlexComponent, FlexImage, FlexSpan, FlexText } from './flexTypes';
import { LIMIT_MESSAGES as M } from './limits';
import { toLineAction } from './lineActions';
import { aspectRatioProblem, imageUrlProblem, type LineCheckOptions, lineColor } from './lineCheck';
import type { Problems } from './result';
import { aspectRatioOf } from './styles';

export interface RenderContext {
  /** The block's path in the form, e.g. `items[0].contents[2]`. */
  at: string;
  problems: Problems;
  check: LineCheckOptions;
}

export interface TextStyle {
  text?: string | null;
  weight?: string;
  size?: string;
  color?: string | null;
  style?: string;
  decoration?: string;
  align?: string;
}

export const px = (n: unknown) => `${Math.max(0, Math.round(Number(n) || 0))}px`;

export function colour(
  ctx: RenderContext,
  field: string,
  value: string | null | undefined,
): string | undefined {
  if (value === null || value === undefined || value.trim() === '') return undefined;
  const converted = lineColor(value.trim());
  if (!converted) ctx.problems.add(`${ctx.at}.${field}`, M.color);
  return converted ?? undefined;
}

export function action(
  ctx: RenderContext,
  field: string,
  value: Action | null | undefined,
  label?: string | null,
) {
  const converted = toLineAction(value, {
    field: `${ctx.at}.${field}`,
    problems: ctx.problems,
    label,
    check: ctx.check,
  });
  return converted ? { action: converted } : {};
}

/** Only what differs from LINE's defaults, to keep bubbles far from the 30 KB limit. */
export function styled(ctx: RenderContext, style: TextStyle, colorField: string) {
  return {
    ...(style.size && style.size !== 'md' ? { size: style.size } : {}),
    ...(style.weight === 'bold' ? { weight: 'bold' as const } : {}),
    ...(style.style === 'italic' ? { style: 'italic' as const } : {}),
    ...(style.decoration && style.decoration !== 'none'
      ? { decoration: style.decoration as FlexText['decoration'] }
      : {}),
    ...optional('color', colour(ctx, colorField, style.color)),
  };
}

export function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

export function text(
  ctx: RenderContext,
  style: TextStyle,
  colorField: string,
  extra: Partial<FlexText> = {},
): FlexText {
  return {
    type: 'text',
    text: style.text ?? '',
    wrap: true,
    ...styled(ctx, style, colorField),
    ...(style.align && style.align !== 'start' ? { align: style.align as FlexText['align'] } : {}),
    ...extra,
  };
}

export function paddings(block: Block) {
  return {
    paddingTop: px(block.paddingTop),
    paddingBottom: px(block.paddingBottom),
    paddingStart: px(block.paddingStart),
    paddingEnd: px(block.paddingEnd),
  };
}

export function box(
  block: Block,
  ctx: RenderContext,
  contents: FlexComponent[],
  extra: Partial<FlexBox> = {},
  tappable = true,
): FlexBox {
  const tap = tappable ? action(ctx, 'action', block.action) : {};
  return { type: 'box', layout: 'vertical', contents, ...paddings(block), ...tap, ...extra };
}

export type ImageBlock = Extract<Block, { aspectRatio: string }>;

export function image(
  ctx: RenderContext,
  block: ImageBlock,
  actionField: string | null,
  size = 'full',
): FlexImage {
  const urlField = block.source === 'api' ? 'urlApi' : 'url';
  const url = block.url ?? '';
  ctx.problems.add(`${ctx.at}.${urlField}`, imageUrlProblem(url, ctx.check));
  const aspectRatio = aspectRatioOf(block);
  ctx.problems.add(`${ctx.at}.aspectRatio`, aspectRatioProblem(aspectRatio));
  const tap = actionField
    ? action(ctx, actionField, (block as Record<string, unknown>)[actionField] as Action)
    : {};
  return { type: 'image', url, size, aspectRatio, aspectMode: block.aspectMode, ...tap };
}

/** A tappable coloured box with a centred label: the look of spec 3's buttons. */
export function buttonBox(
  ctx: RenderContext,
  label: TextStyle,
  fields: { color: string; background: string; action: string },
  background: string | null | undefined,
  value: Action | null | undefined,
): FlexBox {
  return {
    type: 'box',
    layout: 'vertical',
    contents: [text(ctx, { align: 'center', ...label }, fields.color)],
    ...optional('backgroundColor', colour(ctx, fields.background, background)),
    cornerRadius: 'md',
    paddingAll: '10px',
    ...action(ctx, fields.action, value, label.text),
  };
}

/** A bubble footer with one primary button that opens `uri` (a file's Download, a link, a form). */
export function linkFooter(label: string, uri: string): FlexBox {
  return {
    type: 'box',
    layout: 'vertical',
    contents: [{ type: 'button', style: 'primary', height: 'sm', action: { type: 'uri', label, uri } }],
  };
}

export function cell(ctx: RenderContext, value: TextCell, field: string, flex?: number): FlexText {
  return text(ctx, value, `${field}.color`, flex === undefined ? {} : { flex });
}

export function span(ctx: RenderContext, value: TextSpan, field: string): FlexSpan {
  return { type: 'span', text: value.text ?? '', ...styled(ctx, value, `${field}.color`) };
}
