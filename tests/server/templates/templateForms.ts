// Template bodies the server and browser tests send: built with core/template's own builders.
import { createAction } from '../../../core/template/action';
import { createBlock } from '../../../core/template/blocks';
import type { TemplateForm } from '../../../core/template/form';
import { createImagemap } from '../../../core/template/imagemap';

export const IMAGE = 'https://cdn.example.com/pictures/cover.png';

/** One valid bubble: a picture, a title and a button that opens a page. */
export function bubbleForm(title = 'Summer sale'): TemplateForm {
  return {
    name: '',
    altText: '',
    template: 'custom',
    contentSize: 'mega',
    items: [
      {
        contents: [
          createBlock('imageCover', { url: IMAGE, position: 0 }),
          createBlock('textHeader', { text: title, position: 1 }),
          createBlock('button', {
            text: 'Buy now',
            position: 2,
            action: { ...createAction('uri'), uri: 'https://shop.example.com/sale' },
          }),
        ],
      },
    ],
  };
}

export function carouselForm(): TemplateForm {
  const one = bubbleForm('First');
  const two = bubbleForm('Second');
  return { ...one, items: [...one.items, ...two.items] };
}

export function imagemapForm() {
  const form = createImagemap('square', 2);
  form.baseUrl = 'https://cdn.example.com/imagemap/spring';
  form.areas[0].action = { ...createAction('uri'), uri: 'https://shop.example.com/left' };
  form.areas[1].action = { ...createAction('message'), text: 'Right, please' };
  return form;
}
