// The editor's form → a LINE Flex message (spec 3, 4): one item is a bubble, more a carousel;
// altText falls back to the active message's name; inactive blocks are skipped and a block with
// no action has no action. The form is validated (spec 5), built and checked against LINE's prose
// limits; any problem returns no message and every field-named reason at once.
import { blockForMode } from './apiVariables';
import { renderBlock } from './flexBlocks';
import type { FlexBubble, FlexCarousel, FlexComponent, FlexMessage } from './flexTypes';
import { altTextOf, orderedContents, readTemplateForm, type TemplateForm, type TemplateItem } from './form';
import { LINE_LIMITS as L, LIMIT_MESSAGES as M } from './limits';
import { checkLineMessage, jsonBytes, type LineCheckOptions } from './lineCheck';
import { type ConvertOptions, type ConvertResult, failure, guarded, Problems, specThenLine } from './result';
import { validateForm } from './validate';

/** The blocks of one item as Flex components, in position order, inactive ones left out. */
export function itemComponents(
  form: TemplateForm,
  itemIndex: number,
  options: ConvertOptions,
  problems: Problems,
  check: LineCheckOptions,
): FlexComponent[] {
  const item: TemplateItem = form.items[itemIndex];
  const components: FlexComponent[] = [];
  for (const { block, index } of orderedContents(item.contents)) {
    if (block.active === false) continue;
    const at = `items[${itemIndex}].contents[${index}]`;
    for (const shown of blockForMode(block, form.apiSetting, options.mode ?? 'show', options.values)) {
      components.push(...renderBlock(shown, { at, problems, check }));
    }
  }
  return components;
}

function bubbleOf(form: TemplateForm, components: FlexComponent[]): FlexBubble {
  return {
    type: 'bubble',
    size: form.contentSize,
    // Blocks carry their own paddings, so the body adds none.
    body: { type: 'box', layout: 'vertical', paddingAll: '0px', contents: components },
  };
}

/** Converts a form (anything the editor or an API client sends); never throws. */
export function toFlexMessage(input: unknown, options: ConvertOptions = {}): ConvertResult<FlexMessage> {
  return guarded(() => {
    const read = readTemplateForm(input);
    if (!read.ok) return failure(read.errors);
    const form = read.form;
    // Spec 5 problems and LINE's limits come back together, so one save shows them all.
    const invalid = validateForm(form);

    const problems = new Problems();
    const check: LineCheckOptions = { placeholders: options.values === undefined };
    let bubbles: FlexBubble[];
    try {
      bubbles = form.items.map((_, i) => bubbleOf(form, itemComponents(form, i, options, problems, check)));
    } catch (error) {
      // A form the rules refuse may not build at all: its rule problems are the answer then.
      if (invalid.length > 0) return failure(invalid);
      throw error;
    }
    bubbles.forEach((bubble, i) => {
      if (jsonBytes(bubble) > L.bubbleBytes) problems.add(`items[${i}]`, M.bubbleBytes);
    });
    const contents: FlexBubble | FlexCarousel =
      bubbles.length === 1 ? bubbles[0] : { type: 'carousel', contents: bubbles };
    if (contents.type === 'carousel' && jsonBytes(contents) > L.carouselBytes)
      problems.add('items', M.carouselBytes);

    const altText = altTextOf(form, options.fallbackName);
    if (!altText) problems.add('altText', M.required);
    if (altText.length > L.altText) problems.add('altText', M.tooLong(L.altText));
    if (invalid.length > 0 || !problems.empty) return failure(specThenLine(invalid, problems.errors));

    const message: FlexMessage = { type: 'flex', altText, contents };
    // A last look with the server's own gate; anything it finds is a converter bug, named by JSON path.
    const leftovers = checkLineMessage(message, check);
    if (leftovers.length > 0) return failure(leftovers.map((e) => ({ ...e, field: `message.${e.field}` })));
    return { ok: true, message };
  });
}
