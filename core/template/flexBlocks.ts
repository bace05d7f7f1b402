// One content block → LINE Flex components. Paddings become the block box's paddings, labels are
// boxes laid over the card (position absolute, paddings as offsets), and buttons are coloured
// boxes so both the text and the background colour of spec 3 survive (a Flex `button` has one).
import { type Block, bottomTextOf, topTextOf } from './blocks';
import {
  action,
  box,
  buttonBox,
  cell,
  colour,
  image,
  optional,
  px,
  type RenderContext,
  span,
  text,
} from './flexParts';
import type { FlexBox, FlexComponent, FlexText } from './flexTypes';
import { DEFAULTS } from './styles';

export type { RenderContext };

/** The components of one block; [] when the block draws nothing. */
export function renderBlock(block: Block, ctx: RenderContext): FlexComponent[] {
  switch (block.component) {
    case 'textHeader':
      return [
        box(
          block,
          ctx,
          [text(ctx, block, 'color')],
          optional('backgroundColor', colour(ctx, 'backgroundColor', block.backgroundColor)),
        ),
      ];
    case 'textColumn':
      return [
        box(
          block,
          ctx,
          block.columns.map((column, i) => ({
            type: 'box' as const,
            layout: 'vertical' as const,
            flex: 1,
            spacing: 'sm',
            contents: column.rows.map((row, j) => cell(ctx, row, `columns[${i}].rows[${j}]`)),
          })),
          {
            layout: 'horizontal',
            spacing: 'md',
            ...optional('backgroundColor', colour(ctx, 'backgroundColor', block.backgroundColor)),
          },
        ),
      ];
    case 'textRow':
      return [
        box(
          block,
          ctx,
          block.cells.map((c, i) => cell(ctx, c, `cells[${i}]`, 1)),
          {
            layout: 'horizontal',
            spacing: 'sm',
            ...optional('backgroundColor', colour(ctx, 'backgroundColor', block.backgroundColor)),
          },
        ),
      ];
    case 'textInRow': {
      const spans = block.spans.map((s, i) => span(ctx, s, `spans[${i}]`));
      const line: FlexText = {
        type: 'text',
        text: spans.map((s) => s.text).join(''),
        contents: spans,
        wrap: true,
      };
      if (block.align !== 'start') line.align = block.align;
      return [
        box(
          block,
          ctx,
          [line],
          optional('backgroundColor', colour(ctx, 'backgroundColor', block.backgroundColor)),
        ),
      ];
    }
    case 'imageCover':
      return [box(block, ctx, [image(ctx, block, null)])];
    case 'imageBackground': {
      const contents: FlexComponent[] = [image(ctx, block, null)];
      if ((block.text ?? '').trim()) {
        contents.push({
          type: 'box',
          layout: 'vertical',
          position: 'absolute',
          offsetBottom: '0px',
          offsetStart: '0px',
          offsetEnd: '0px',
          paddingAll: '12px',
          ...optional('backgroundColor', colour(ctx, 'backgroundColor', block.backgroundColor)),
          contents: [text(ctx, block, 'color')],
        });
      }
      return [box(block, ctx, contents)];
    }
    case 'button':
      // The action goes on the coloured box, not on the padding around it.
      return [
        box(
          block,
          ctx,
          [
            buttonBox(
              ctx,
              block,
              { color: 'color', background: 'backgroundColor', action: 'action' },
              block.backgroundColor,
              block.action,
            ),
          ],
          {},
          false,
        ),
      ];
    case 'imageLeftInfoAndButtonRight':
      return [
        box(
          block,
          ctx,
          [
            { type: 'box', layout: 'vertical', flex: 1, contents: [image(ctx, block, 'actionImage')] },
            {
              type: 'box',
              layout: 'vertical',
              flex: 2,
              spacing: 'sm',
              contents: [
                text(
                  ctx,
                  topTextOf(block),
                  'colorTop',
                  action(ctx, 'actionTextTop', block.actionTextTop, block.textTop),
                ),
                buttonBox(
                  ctx,
                  { text: block.textBtn, color: block.colorBtn, size: 'sm' },
                  { color: 'colorBtn', background: 'backgroundColorBtn', action: 'actionBtnBottom' },
                  block.backgroundColorBtn,
                  block.actionBtnBottom,
                ),
              ],
            },
          ],
          { layout: 'horizontal', spacing: 'md' },
        ),
      ];
    case 'imageLeftAndInfoRight':
      return [
        box(
          block,
          ctx,
          [
            {
              type: 'box',
              layout: 'vertical',
              flex: Math.max(1, Math.round(block.gridLeft)),
              contents: [image(ctx, block, 'actionImage', `${Math.max(1, Math.round(block.sizeImage))}%`)],
            },
            {
              type: 'box',
              layout: 'vertical',
              flex: Math.max(1, Math.round(block.gridRight)),
              spacing: 'sm',
              contents: [
                text(
                  ctx,
                  topTextOf(block),
                  'colorTop',
                  action(ctx, 'actionTextTop', block.actionTextTop, block.textTop),
                ),
                text(
                  ctx,
                  bottomTextOf(block),
                  'colorBottom',
                  action(ctx, 'actionTextBottom', block.actionTextBottom, block.textBottom),
                ),
              ],
            },
          ],
          { layout: 'horizontal', spacing: 'md' },
        ),
      ];
    case 'separator':
      return [
        box(block, ctx, [
          {
            type: 'separator',
            ...optional('color', colour(ctx, 'color', block.color ?? DEFAULTS.separatorColor)),
          },
        ]),
      ];
    case 'labelLeftTop':
      return [label(block, ctx, { offsetTop: px(block.paddingTop), offsetStart: px(block.paddingStart) })];
    case 'labelCenterBottom':
      return [
        label(block, ctx, {
          offsetBottom: px(block.paddingBottom),
          offsetStart: px(block.paddingStart),
          offsetEnd: px(block.paddingEnd),
        }),
      ];
  }
}

/** A badge laid over the card; its paddings say how far from the edges it sits. */
function label(
  block: Extract<Block, { component: 'labelLeftTop' | 'labelCenterBottom' }>,
  ctx: RenderContext,
  offsets: Partial<FlexBox>,
): FlexBox {
  return {
    type: 'box',
    layout: 'vertical',
    position: 'absolute',
    ...offsets,
    paddingAll: '4px',
    paddingStart: '8px',
    paddingEnd: '8px',
    cornerRadius: 'sm',
    ...optional('backgroundColor', colour(ctx, 'backgroundColor', block.backgroundColor)),
    ...action(ctx, 'action', block.action, block.text),
    contents: [text(ctx, block, 'color')],
  };
}
