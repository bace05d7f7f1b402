// Card messages (LINE-Flex-like JSON and the widget card format) in their own chunk: the code to draw
// them loads when the first card arrives, not with the chat box.
import type { FlexMessage } from '../../core/template/flexTypes';
import type { WidgetCardMessage } from '../../core/template/widgetCard';
import type { OnAction } from './actions';
import { CardsView } from './Cards';
import { FlexView } from './Flex';
import css from './rich.css';

export default function RichView({ contents, onAction }: { contents: unknown; onAction: OnAction }) {
  const c = contents as { type?: string };
  return (
    <>
      <style>{css}</style>
      {c?.type === 'cards' ? (
        <CardsView message={contents as WidgetCardMessage} onAction={onAction} />
      ) : (
        <FlexView contents={contents as FlexMessage['contents']} onAction={onAction} />
      )}
    </>
  );
}
