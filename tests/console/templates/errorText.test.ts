// Where a refusal points, in words: a channel that cannot show a whole block (field
// `items[0].contents[1].component`) names the bubble and the block, with no raw field name left.
import { describe, expect, it } from 'vitest';
import { describeField } from '../../../console/templates/errorText';

const blockName = (item: number, block: number) => `Block ${item + 1}.${block + 1}`;

describe('describeField', () => {
  it('a whole block is named by its bubble and block only', () => {
    expect(describeField('items[0].contents[1].component', blockName)).toBe('Bubble 1 · Block 1.2');
  });

  it('a field of a block keeps its label', () => {
    expect(describeField('items[1].contents[0].action.uri', blockName)).toBe(
      'Bubble 2 · Block 2.1 · Action · URL',
    );
  });
});
